/// The gallery's clicks on a widget: each time the current face is drawn, its regions are read
/// and laid over it (`WidgetRegions`, the script `/home` shares). A control performs its intent
/// (`POST …/actions`); the widget is then pending, its invalidatable content dimmed, until the new
/// timeline's image replaces it. A link asks the server to open its URL (`POST …/open`); when the
/// server opens nothing, the URL is shown. Runs after `GalleryScript`, in the same scope.
///
/// The DOM is a contract the browser test reads: in `article.widget`, `.face-box .regions` holds
/// the regions (`WidgetRegions`); `p.notice` says what a click did when it did not simply work.
enum GalleryControls {
    static let javaScript = #"""
        // Read after every load of the current image, so the regions match what is shown
        // (WidgetRegions: for the image's query, its appearance and entry).
        function loadRegions(card) {
          if (!card) return;
          const image = card.querySelector("img.face.current");
          const source = image.getAttribute("src") || "";
          readRegions(card, image, widgetPath(card) + "/regions" + source.slice(source.indexOf("?")), {
            perform: (control) => performAction(card, control), open: (url) => openURL(card, url),
          });
        }

        function notice(card, text, failed = false, url = null) {
          const line = card.querySelector(".notice");
          line.hidden = false;
          line.classList.toggle("failed", failed);
          line.replaceChildren(text);
          if (url) line.append(" ", element("a", { href: url, target: "_blank", rel: "noopener" }, url));
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
