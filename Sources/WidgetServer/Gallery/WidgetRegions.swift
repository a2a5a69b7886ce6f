/// A widget's taps, one script for the gallery and for `/home`: each time a widget's image is
/// drawn, the page reads where its controls, links and invalidatable content are (`GET …/regions`,
/// in points of the widget, for the image's appearance) and `readRegions` lays a transparent
/// element over each, scaled to the image. What a tap does is the page's (`actions`): a control
/// performs its intent (`POST …/actions`), a link asks the server to open its URL (`POST …/open`),
/// each page saying in its own way what came of it (`GalleryControls`, `HomeTouches`). With
/// `element(…)` and `post(…)`, the two pages' other shared helpers. Each page puts it after its
/// own script, in the same `<script>` (its functions are hoisted).
///
/// The DOM is a contract both browser checks read (scripts/browser-check.py, scripts/home-check.py):
/// the `.regions` layer beside the image holds `button.control.button|toggle[data-intent]`,
/// `a.link[data-url]` (`.whole` for the widget URL) and `div.invalidatable`.
enum WidgetRegions {
    static let javaScript = #"""
        function element(tag, attributes = {}, ...children) {
          const node = document.createElement(tag);
          for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
          node.append(...children);
          return node;
        }

        // Same origin: the server takes the page's own Origin in place of the token.
        async function post(path, body) {
          const answer = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
          const reply = await answer.json().catch(() => ({}));
          // The error's code rides along, for the callers that answer one refusal in particular.
          if (!answer.ok) throw Object.assign(new Error(reply.error ? reply.error.message : answer.status + " " + answer.statusText),
                                              { code: reply.error ? reply.error.code : undefined, status: answer.status });
          return reply;
        }

        // Reads `path` (the regions of what `image` shows) and lays them over the image, in
        // `container`'s `.regions`; `actions.perform(control)` and `actions.open(url)` say what a
        // tap does. Read after every load of the image, so the regions match what is shown.
        async function readRegions(container, image, path, actions) {
          const source = image.getAttribute("src") || "";
          try {
            const answer = await fetch(path);
            // A newer image meanwhile reads its own regions.
            if (!answer.ok || image.getAttribute("src") !== source) return;
            placeRegions(container.querySelector(".regions"), await answer.json(), actions);
          } catch (error) { /* the next image load reads them again */ }
        }

        function placeRegions(layer, regions, actions) {
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
              title: "Open " + link.url, "aria-label": "Open " + link.url, draggable: "false",
            }), link.frame);
            node.addEventListener("click", (event) => { event.preventDefault(); actions.open(link.url); });
            nodes.push(node);
          }
          for (const control of regions.controls) {
            const state = control.control === "toggle" ? (control.isOn ? " (on)" : " (off)") : "";
            const node = place(element("button", {
              class: "control " + control.control, type: "button", "data-intent": control.intent,
              title: control.intent + state, "aria-label": control.intent + state,
            }), control.frame);
            node.addEventListener("click", () => actions.perform(control));
            nodes.push(node);
          }
          layer.replaceChildren(...nodes);
        }
        """#
}
