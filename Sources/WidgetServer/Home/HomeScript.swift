/// The home screen's script: reads the layout for this screen (`GET /v1/home?width=&height=`,
/// the viewport in CSS pixels, which are points), draws each widget's current image at its tile's
/// frame on its page, and keeps it current from `/v1/events`: an event about one instance
/// (`entry`, `call`) reloads that tile's image only; `home` and `instances` re-read the layout;
/// after the stream reconnects (a daemon restart) everything is read again, since events may
/// have been missed. Tapping a widget is `HomeTouches`, edit mode `HomeEditScript` and its sheets
/// `HomeSheets`, all in the same scope.
///
/// The DOM is a contract the browser check (scripts/home-check.py) reads: `main#pages >
/// section.page[data-page]` holding `div.tile[data-instance][data-kind][data-family][data-version]`
/// with `img.face` (`.tile.loaded` once drawn) and `.regions`; `nav#dots button[data-page]`;
/// `div.tile[data-stack]` with `.stack-dots` for a Smart Stack, `button.remove-badge` in each tile;
/// `body[data-ready="1"]` while the stream is open, `body[data-layouts]` how many layouts were
/// shown, `body[data-last-event-id]` the newest event handled.
enum HomeScript {
    static let javaScript = #"""
        "use strict";
        const board = document.getElementById("pages");
        const dotsBar = document.getElementById("dots");
        const tiles = new Map();
        const darkScheme = matchMedia("(prefers-color-scheme: dark)");
        let layout = null, lastEventId = 0, currentPage = 0, layoutsShown = 0;

        const appearance = () => darkScheme.matches ? "dark" : "light";
        // The server draws at 1×, 2× or 3×: the nearest to this screen's pixel ratio.
        const scale = () => Math.min(3, Math.max(1, Math.round(window.devicePixelRatio || 1)));
        const instancePath = (tile) => "/v1/instances/" + encodeURIComponent(tile.dataset.instance);

        function imageURL(tile) {
          // `v` changes whenever what the image shows may have changed, so the browser asks again.
          const query = new URLSearchParams({ scale: String(scale()), appearance: appearance(), v: tile.dataset.version });
          return instancePath(tile) + "/current.png?" + query;
        }

        // The image version each instance's last tile reached. A tile made again for it (a stack
        // swiped or rotated back to it) starts past that: restarting at 0 would ask for a URL the
        // browser has cached, and show the entry it had then, not the current one.
        const lastVersions = new Map();

        function makeTile(id) {
          const image = element("img", { class: "face", alt: "", draggable: "false" });
          const badge = element("button", { class: "remove-badge", type: "button", tabindex: "-1", "aria-label": "Remove Widget" });
          const version = lastVersions.has(id) ? lastVersions.get(id) + 1 : 0;
          const tile = element("div", { class: "tile", "data-instance": id, "data-version": String(version), tabindex: "0", role: "group" },
            image, element("div", { class: "regions" }), element("div", { class: "stack-dots", "aria-hidden": "true" }), badge);
          image.addEventListener("load", () => {
            const shown = Number(new URL(image.currentSrc || image.src, location.href).searchParams.get("v"));
            tile.dataset.shownVersion = String(shown);
            tile.classList.add("loaded");
            // The new timeline's image has arrived: what the tap made out of date is redrawn.
            if (tile.classList.contains("pending") && shown > Number(tile.dataset.pendingFrom || 0)) tile.classList.remove("pending");
            loadRegions(tile);
          });
          // An instance just added has no timeline yet; its first `call` event draws it. A wall
          // display nobody touches also asks again a little later, in case that event was missed.
          image.addEventListener("error", () => {
            tile.classList.remove("loaded");
            if (!tile.retry) tile.retry = setTimeout(() => { tile.retry = null; if (tile.isConnected) bump(tile); }, 5000);
          });
          tiles.set(id, tile);
          return tile;
        }

        function drawTile(tile) {
          if (tile.classList.contains("unavailable")) return;
          const image = tile.querySelector("img.face");
          const url = imageURL(tile);
          if (image.getAttribute("src") !== url) image.setAttribute("src", url);
        }

        // Several events about one widget in a frame draw it once.
        function bump(tile) {
          tile.dataset.version = String(Number(tile.dataset.version) + 1);
          if (tile.drawScheduled) return;
          tile.drawScheduled = true;
          requestAnimationFrame(() => { tile.drawScheduled = false; drawTile(tile); });
        }

        function pageElement(index) {
          let page = board.querySelector('section.page[data-page="' + index + '"]');
          if (!page) {
            page = element("section", { class: "page", "data-page": String(index), "aria-label": "Page " + (index + 1) });
            board.append(page);
          }
          return page;
        }

        // A layout read while a widget is dragged waits for the drop, so the grid does not jump.
        let deferredLayout = null;
        function show(next) {
          if (isDragging()) { deferredLayout = next; return; }
          deferredLayout = null;
          layout = next;
          arrange(next);
          document.body.dataset.layouts = String(++layoutsShown);
        }

        // Puts every tile where `next` says (a layout, or a drag's preview), but `except`, the
        // widget under the finger.
        function arrange(next, except = null) {
          const seen = new Set();
          for (const placed of next.tiles) {
            seen.add(placed.id);
            if (placed.id === except) continue;
            const tile = tiles.get(placed.id) || makeTile(placed.id);
            Object.assign(tile.dataset, {
              kind: placed.kind || "", family: placed.family, page: String(placed.page),
              column: placed.column === null ? "" : String(placed.column), row: placed.row === null ? "" : String(placed.row),
            });
            Object.assign(tile.style, {
              left: placed.frame.x + "px", top: placed.frame.y + "px", width: placed.frame.width + "px", height: placed.frame.height + "px",
            });
            tile.classList.toggle("unavailable", !placed.available);
            tile.setAttribute("aria-label", kindName(placed.kind) + (placed.stack ? ", a stack of " + placed.stack.members.length : ""));
            drawStack(tile, placed.stack);
            const page = pageElement(placed.page);
            if (tile.parentNode !== page) page.append(tile);
            drawTile(tile);
          }
          for (const [id, tile] of tiles) {
            if (seen.has(id) || id === except) continue;
            lastVersions.set(id, Number(tile.dataset.version));
            tile.remove();
            tiles.delete(id);
          }
          // A drag held at the edge may be on the page after the last: it stays until the drop.
          const pages = Math.max(next.pages, isDragging() ? currentPage + 1 : 0);
          for (const page of [...board.querySelectorAll("section.page")]) if (Number(page.dataset.page) >= pages) page.remove();
          for (let index = 0; index < pages; index++) pageElement(index);
          [...board.querySelectorAll("section.page")].sort((a, b) => a.dataset.page - b.dataset.page).forEach((page) => board.append(page));
          drawDots(next.pages);
          // While dragging, the page shown may be the new one after the last.
          if (!isDragging()) goToPage(Math.min(currentPage, next.pages - 1), "instant");
        }

        function drawDots(count) {
          dotsBar.hidden = count < 2;
          if (dotsBar.children.length !== count) {
            dotsBar.replaceChildren(...Array.from({ length: count }, (_, index) => {
              const dot = element("button", { type: "button", "data-page": String(index), "aria-label": "Page " + (index + 1) });
              dot.addEventListener("click", () => goToPage(index, "smooth"));
              return dot;
            }));
          }
          [...dotsBar.children].forEach((dot, index) => dot.setAttribute("aria-current", String(index === currentPage)));
        }

        function goToPage(index, behavior) {
          currentPage = Math.max(index, 0);
          board.scrollTo({ left: currentPage * board.clientWidth, behavior });
          [...dotsBar.children].forEach((dot, at) => dot.setAttribute("aria-current", String(at === currentPage)));
        }

        // A swipe or a trackpad scrolls the pages; the dots follow where it settles.
        board.addEventListener("scroll", () => {
          const page = Math.round(board.scrollLeft / Math.max(board.clientWidth, 1));
          if (page === currentPage) return;
          currentPage = page;
          [...dotsBar.children].forEach((dot, at) => dot.setAttribute("aria-current", String(at === page)));
        }, { passive: true });
        addEventListener("keydown", (event) => {
          if (!layout || editKey(event)) return;
          if (event.key === "ArrowRight") goToPage(Math.min(currentPage + 1, layout.pages - 1), "smooth");
          if (event.key === "ArrowLeft") goToPage(Math.max(currentPage - 1, 0), "smooth");
        });

        // One reading of the layout at a time. A change during it asks for one more after it (the
        // reading under way may have started before the change), which every caller meanwhile
        // shares: the promise a caller gets settles once a layout read after its call is shown.
        let reading = null, readAgain = null;
        function refresh() {
          if (reading) {
            if (!readAgain) readAgain = reading.then(() => { readAgain = null; return refresh(); });
            return readAgain;
          }
          const query = new URLSearchParams({ width: String(innerWidth), height: String(innerHeight), output: "browser" });
          reading = fetch("/v1/home?" + query, { cache: "no-store" })
            .then((answer) => answer.ok ? answer.json() : Promise.reject(new Error(answer.status)))
            .then(show).catch(() => {})
            .finally(() => { reading = null; });
          return reading;
        }

        let events = null, connectedBefore = false;
        function listen() {
          // Opened after the first layout, from the event id it was read at: no change is missed.
          events = new EventSource("/v1/events?lastEventId=" + lastEventId);
          events.addEventListener("open", () => {
            document.body.dataset.ready = "1";
            // Reconnected (the daemon restarted, or the network dropped): events may be lost.
            if (connectedBefore) { for (const tile of tiles.values()) bump(tile); }
            if (connectedBefore || !layout) refresh();
            connectedBefore = true;
          });
          events.addEventListener("error", (event) => {
            // The server's own `error` events (a widget's failure) arrive under the same name;
            // the home screen shows none of them.
            if (event instanceof MessageEvent) { read(event); return; }
            document.body.dataset.ready = "0";
            // A refused reconnection (a 503, a proxy's error page) ends an EventSource for good.
            if (events && events.readyState === EventSource.CLOSED) { events.close(); events = null; setTimeout(listen, 3000); }
          });
          const read = (event) => {
            lastEventId = Number(event.lastEventId) || lastEventId;
            document.body.dataset.lastEventId = String(lastEventId);
            try { return JSON.parse(event.data) || {}; } catch { return {}; }
          };
          const aboutOne = (event) => { const tile = tiles.get(read(event).instance); if (tile) bump(tile); };
          events.addEventListener("entry", aboutOne);
          events.addEventListener("call", aboutOne);
          events.addEventListener("pending", (event) => {
            const tile = tiles.get(read(event).instance);
            if (tile && !tile.classList.contains("pending")) { tile.dataset.pendingFrom = tile.dataset.version; tile.classList.add("pending"); }
          });
          events.addEventListener("home", (event) => { read(event); refresh(); });
          events.addEventListener("instances", (event) => {
            for (const id of read(event).reconfigured || []) { const tile = tiles.get(id); if (tile) bump(tile); }
            refresh();
          });
          events.addEventListener("bundle", (event) => { read(event); loadKinds().then(galleryBundlesChanged); for (const tile of tiles.values()) bump(tile); });
        }

        let resizing = null;
        addEventListener("resize", () => { clearTimeout(resizing); resizing = setTimeout(refresh, 150); });
        darkScheme.addEventListener("change", () => { for (const tile of tiles.values()) drawTile(tile); });
        // A page the browser keeps for Back must not keep its stream (six connections per host).
        addEventListener("pagehide", () => { if (events) { events.close(); events = null; } });
        addEventListener("pageshow", (event) => { if (event.persisted && !events) { listen(); refresh(); } });

        refresh().then(() => {
          lastEventId = layout ? layout.lastEventId : 0;
          document.body.dataset.lastEventId = String(lastEventId);
          listen();
        });
        """#
}
