/// The gallery's clicks on a widget: each time the current face is drawn, the script reads where
/// its controls, links and invalidatable content are (`GET …/regions`, in points of the family's
/// canvas) and lays a transparent element over each, scaled to the image. A control performs its
/// intent (`POST …/actions`); the widget is then pending, its invalidatable content dimmed, until
/// the new timeline's image replaces it. A link asks the server to open its URL
/// (`POST …/open`); when the server opens nothing, the URL is shown. Runs after `GalleryScript`,
/// in the same scope.
///
/// The DOM is a contract the browser test reads: in `article.widget`, `.face-box .regions` holds
/// `button.control.button|toggle[data-intent]`, `a.link[data-url]` (`.whole` for the widget URL)
/// and `div.invalidatable`; `p.notice` says what a click did when it did not simply work.
enum GalleryControls {
    static let javaScript = #"""
        // Read after every load of the current image, so the regions match what is shown.
        async function loadRegions(card) {
          if (!card) return;
          const image = card.querySelector("img.face.current");
          const source = image.getAttribute("src") || "";
          const query = source.slice(source.indexOf("?"));
          try {
            const answer = await fetch(widgetPath(card) + "/regions" + query);
            if (!answer.ok || image.getAttribute("src") !== source) return;
            placeRegions(card, await answer.json());
          } catch (error) { /* the next image load reads them again */ }
        }

        function placeRegions(card, regions) {
          const layer = card.querySelector(".regions");
          const { width, height } = regions.size;
          const place = (node, frame) => {
            Object.assign(node.style, {
              left: (frame.x / width * 100) + "%", top: (frame.y / height * 100) + "%",
              width: (frame.width / width * 100) + "%", height: (frame.height / height * 100) + "%",
            });
            return node;
          };
          const nodes = regions.invalidatable.map((frame) => place(element("div", { class: "invalidatable" }), frame));
          // Drawn in order, so a control lies over a link and a Link over the widget URL.
          for (const link of regions.links) {
            const node = place(element("a", {
              class: "link" + (link.wholeWidget ? " whole" : ""), href: link.url, "data-url": link.url, title: "Open " + link.url,
            }), link.frame);
            node.addEventListener("click", (event) => { event.preventDefault(); openURL(card, link.url); });
            nodes.push(node);
          }
          for (const control of regions.controls) {
            const state = control.control === "toggle" ? (control.isOn ? " (on)" : " (off)") : "";
            const node = place(element("button", {
              class: "control " + control.control, type: "button", "data-intent": control.intent,
              title: control.intent + state, "aria-label": control.intent + state,
            }), control.frame);
            node.addEventListener("click", () => performAction(card, control));
            nodes.push(node);
          }
          layer.replaceChildren(...nodes);
        }

        function notice(card, text, failed = false, url = null) {
          const line = card.querySelector(".notice");
          line.hidden = false;
          line.classList.toggle("failed", failed);
          line.replaceChildren(text);
          if (url) line.append(" ", element("a", { href: url, target: "_blank", rel: "noopener" }, url));
        }

        async function post(path, body) {
          const answer = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
          const reply = await answer.json().catch(() => ({}));
          if (!answer.ok) throw new Error(reply.error ? reply.error.message : answer.status + " " + answer.statusText);
          return reply;
        }

        async function performAction(card, control) {
          try {
            // Dimmed at once; the `pending` event and the widget's state keep it so until the
            // new timeline's image arrives.
            card.classList.add("pending");
            await post(widgetPath(card) + "/actions", { intent: control.intent, parameters: control.parameters });
            card.querySelector(".notice").hidden = true;
          } catch (error) {
            card.classList.remove("pending");
            notice(card, control.intent + " failed: " + error.message, true);
          }
        }

        async function openURL(card, url) {
          try {
            const reply = await post(widgetPath(card) + "/open", { url });
            if (reply.opened) notice(card, "Opened " + url);
            else notice(card, "Open it yourself" + (reply.reason ? " (" + reply.reason + ")" : "") + ":", false, url);
          } catch (error) {
            notice(card, "Could not open " + url + ": " + error.message, true);
          }
        }
        """#
}
