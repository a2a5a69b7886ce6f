/// The home screen's taps: each time a tile's image is drawn, its regions are read
/// (`GET /v1/instances/{id}/regions`, for the same appearance) and laid over it by the script the
/// gallery shares (`WidgetRegions`). A tap on a
/// Button or Toggle performs its intent (`POST …/actions`); the tile is then pending, its
/// invalidatable content dimmed, until the new timeline's image arrives. A tap on a `Link` or
/// elsewhere on a widget with a `widgetURL` asks the daemon to open it (`POST …/open`); when it
/// opens nothing (`--open-url-command none`, or no opener installed) the URL is shown in a toast.
/// A swipe that scrolls the pages is not a tap: the browser sends no click for it.
///
/// The DOM is a contract the browser check reads: in `.tile`, `.regions` holds the regions
/// (`WidgetRegions`); `#toast` says what a tap did when it did not simply work.
enum HomeTouches {
    static let javaScript = #"""
        // Read after every load of the tile's image, for the appearance it was drawn in (WidgetRegions).
        function loadRegions(tile) {
          const path = instancePath(tile) + "/regions?" + new URLSearchParams({ appearance: appearance() });
          readRegions(tile, tile.querySelector("img.face"), path, {
            perform: (control) => performAction(tile, control), open: (url) => openURL(tile, url),
          });
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
