/// The home screen's taps: each time a tile's image is drawn, its regions are read
/// (`GET /v1/instances/{id}/regions`, in points of the widget, for the same appearance) and a
/// transparent element laid over each, as the gallery does (`GalleryControls`). A tap on a
/// Button or Toggle performs its intent (`POST …/actions`); the tile is then pending, its
/// invalidatable content dimmed, until the new timeline's image arrives. A tap on a `Link` or
/// elsewhere on a widget with a `widgetURL` asks the daemon to open it (`POST …/open`); when it
/// opens nothing (`--open-url-command none`, or no opener installed) the URL is shown in a toast.
/// A swipe that scrolls the pages is not a tap: the browser sends no click for it.
///
/// The DOM is a contract the browser check reads: in `.tile`, `.regions` holds
/// `button.control.button|toggle[data-intent]`, `a.link[data-url]` (`.whole` for the widget URL)
/// and `div.invalidatable`; `#toast` says what a tap did when it did not simply work.
enum HomeTouches {
    static let javaScript = #"""
        async function loadRegions(tile) {
          const image = tile.querySelector("img.face");
          const source = image.getAttribute("src") || "";
          try {
            const answer = await fetch(instancePath(tile) + "/regions?" + new URLSearchParams({ appearance: appearance() }));
            // A newer image meanwhile reads its own regions.
            if (!answer.ok || image.getAttribute("src") !== source) return;
            placeRegions(tile, await answer.json());
          } catch (error) { /* the next image load reads them again */ }
        }

        function placeRegions(tile, regions) {
          const { width, height } = regions.size;
          const place = (node, frame) => {
            Object.assign(node.style, {
              left: (frame.x / width * 100) + "%", top: (frame.y / height * 100) + "%",
              width: (frame.width / width * 100) + "%", height: (frame.height / height * 100) + "%",
            });
            return node;
          };
          const nodes = regions.invalidatable.map((frame) => place(element("div", { class: "invalidatable" }), frame));
          // In drawing order, so a control lies over a link and a Link over the widget URL.
          for (const link of regions.links) {
            const node = place(element("a", {
              class: "link" + (link.wholeWidget ? " whole" : ""), href: link.url, "data-url": link.url,
              "aria-label": "Open " + link.url, draggable: "false",
            }), link.frame);
            node.addEventListener("click", (event) => { event.preventDefault(); openURL(tile, link.url); });
            nodes.push(node);
          }
          for (const control of regions.controls) {
            const state = control.control === "toggle" ? (control.isOn ? " (on)" : " (off)") : "";
            const node = place(element("button", {
              class: "control " + control.control, type: "button", "data-intent": control.intent, "aria-label": control.intent + state,
            }), control.frame);
            node.addEventListener("click", () => performAction(tile, control));
            nodes.push(node);
          }
          tile.querySelector(".regions").replaceChildren(...nodes);
        }

        let toastTimer = null;
        function toast(text, url = null) {
          const line = document.getElementById("toast");
          line.replaceChildren(text);
          if (url) line.append(" ", element("a", { href: url, target: "_blank", rel: "noopener" }, url));
          line.hidden = false;
          clearTimeout(toastTimer);
          toastTimer = setTimeout(() => { line.hidden = true; }, 6000);
        }

        async function post(path, body) {
          // Same origin: the server takes the page's own Origin in place of the token.
          const answer = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
          const reply = await answer.json().catch(() => ({}));
          if (!answer.ok) throw new Error(reply.error ? reply.error.message : answer.status + " " + answer.statusText);
          return reply;
        }

        async function performAction(tile, control) {
          // Dimmed at once; the new timeline's image (a `call` event, then its load) ends it.
          tile.dataset.pendingFrom = tile.dataset.version;
          tile.classList.add("pending");
          try {
            await post(instancePath(tile) + "/actions", { intent: control.intent, parameters: control.parameters });
          } catch (error) {
            tile.classList.remove("pending");
            toast("That did not work: " + error.message);
          }
        }

        async function openURL(tile, url) {
          try {
            const reply = await post(instancePath(tile) + "/open", { url });
            if (!reply.opened) toast("Open it on another device:", url);
          } catch (error) {
            toast("Could not open " + url + ": " + error.message);
          }
        }
        """#
}
