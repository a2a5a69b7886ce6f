/// The gallery's "Home screen" view: the layout `/home` shows (`GET /v1/home` for a chosen screen
/// size, output `browser`), drawn small with its grid's cells, every page side by side and one
/// empty page after them. A widget is moved by dragging it to another cell, with the mouse (HTML5
/// drag and drop) or a finger or pen (pointer events); the drop `PUT`s its placement, for every
/// output, as `widgethost home place` does. It re-reads the layout on `home` and `instances`
/// events, and redraws a widget on an event about it. Closed, it reads nothing. Runs after
/// `GalleryScript`, in the same scope; `listen()` there calls `homeScreenListen`.
///
/// The DOM is a contract the tests read: `details#home-screen .home-page[data-page]` holding
/// `.cell[data-column][data-row]` and `.home-tile[data-instance][data-page][data-column][data-row]`.
enum GalleryHome {
    static let html = """
        <details id="home-screen">
          <summary>Home screen</summary>
          <p class="home-help">Drag a widget to another cell to move it; <a href="/home">/home</a> shows the home screen full screen.
            <label>Screen <select id="home-size">
              <option value="1024x768">1024 × 768 (tablet)</option><option value="768x1024">768 × 1024 (tablet, portrait)</option>
              <option value="1366x1024">1366 × 1024</option><option value="1920x1080">1920 × 1080 (wall display)</option>
            </select></label>
            <span class="home-error" role="alert"></span></p>
          <div class="home-pages"></div>
        </details>
        """

    static let css = """
        #home-screen { margin: 1rem 2rem 0; }
        #home-screen summary { font-weight: 600; cursor: pointer; }
        .home-help { color: var(--muted); font-size: .85rem; display: flex; flex-wrap: wrap; gap: 1rem; align-items: baseline; }
        .home-error { color: var(--bad); }
        .home-pages { display: flex; gap: 1rem; overflow-x: auto; padding-bottom: .5rem; }
        .home-page { position: relative; flex: none; border-radius: 12px; overflow: hidden;
                     background: linear-gradient(160deg, #4364f7 0%, #6a3fc7 55%, #1b2a4a 100%); }
        .home-page.new-page { opacity: .55; }
        .home-page > .label { position: absolute; left: 6px; bottom: 4px; color: #fff; font-size: .7rem; opacity: .8; }
        .home-page .cell { position: absolute; border: 1px dashed rgba(255, 255, 255, .35); border-radius: 6px; box-sizing: border-box; }
        .home-page .cell.target { background: rgba(255, 255, 255, .35); border-style: solid; }
        .home-tile { position: absolute; touch-action: none; cursor: grab; }
        .home-tile img { display: block; width: 100%; height: 100%; border-radius: 11px; pointer-events: none; }
        .home-tile.dragging { opacity: .6; z-index: 2; }
        .home-tile.accessory { cursor: default; }
        """

    static let javaScript = #"""
        const homeView = document.getElementById("home-screen");
        const homeBoard = homeView.querySelector(".home-pages");
        const homeSize = document.getElementById("home-size");
        let homeLayout = null, homeVersion = 0, homeReading = null, homeReadAgain = false;
        const homeScale = () => Math.min(0.6, 640 / homeLayout.width);
        const homeImageVersions = new Map();

        function refreshHome() {
          if (!homeView.open) return;
          if (homeReading) { homeReadAgain = true; return; }
          const [width, height] = homeSize.value.split("x");
          homeReading = fetch("/v1/home?" + new URLSearchParams({ width, height, output: "browser" }))
            .then((answer) => answer.json()).then(drawHome).catch(() => {})
            .finally(() => { homeReading = null; if (homeReadAgain) { homeReadAgain = false; refreshHome(); } });
        }

        function homeImage(id) {
          const query = new URLSearchParams({ scale: "1", appearance, v: String(homeImageVersions.get(id) || 0) });
          return "/v1/instances/" + encodeURIComponent(id) + "/current.png?" + query;
        }

        function drawHome(layout) {
          homeLayout = layout;
          const s = homeScale(), grid = layout.grid;
          const pages = [];
          for (let index = 0; index <= layout.pages; index++) {
            const page = element("div", { class: "home-page" + (index === layout.pages ? " new-page" : ""), "data-page": String(index) },
              element("span", { class: "label" }, index === layout.pages ? "new page" : "page " + (index + 1)));
            Object.assign(page.style, { width: layout.width * s + "px", height: layout.height * s + "px" });
            for (let row = 0; row < layout.rows; row++) {
              for (let column = 0; column < layout.columns; column++) {
                const cell = element("div", { class: "cell", "data-column": String(column), "data-row": String(row) });
                Object.assign(cell.style, {
                  left: (grid.origin.x + column * (grid.cellWidth + grid.columnGap)) * s + "px",
                  top: (grid.origin.y + row * (grid.cellHeight + grid.rowGap)) * s + "px",
                  width: grid.cellWidth * s + "px", height: grid.cellHeight * s + "px",
                });
                page.append(cell);
              }
            }
            page.addEventListener("dragover", (event) => { event.preventDefault(); event.dataTransfer.dropEffect = "move"; });
            page.addEventListener("drop", (event) => {
              event.preventDefault();
              const id = event.dataTransfer.getData("text/plain");
              if (id) dropHomeTile(id, page, event.clientX, event.clientY);
            });
            pages.push(page);
          }
          for (const placed of layout.tiles) {
            const accessory = placed.column === null;
            const tile = element("div", {
              class: "home-tile" + (accessory ? " accessory" : ""), "data-instance": placed.id, "data-page": String(placed.page),
              "data-column": accessory ? "" : String(placed.column), "data-row": accessory ? "" : String(placed.row),
              draggable: accessory ? "false" : "true", title: (placed.kind || placed.id) + " (" + placed.family + ")",
            }, element("img", { src: homeImage(placed.id), alt: placed.kind || placed.id, draggable: "false" }));
            Object.assign(tile.style, {
              left: placed.frame.x * s + "px", top: placed.frame.y * s + "px",
              width: placed.frame.width * s + "px", height: placed.frame.height * s + "px",
            });
            tile.homeSlot = placed.slot;  // not `slot`: every element has a `slot` attribute (a string)
            if (!accessory) grabbable(tile);
            pages[placed.page].append(tile);
          }
          homeBoard.replaceChildren(...pages);
          homeView.dataset.layouts = String(++homeVersion);
        }

        // Where a tile dropped at (x, y) in the window lands: its top-left corner, less where it
        // was grabbed, to the nearest cell its slot fits from.
        function dropHomeTile(id, page, clientX, clientY) {
          const tile = homeBoard.querySelector('.home-tile[data-instance="' + CSS.escape(id) + '"]');
          if (!tile || !homeLayout) return;
          const s = homeScale(), grid = homeLayout.grid, box = page.getBoundingClientRect();
          const x = (clientX - box.left - (tile.grab ? tile.grab.x : 0)) / s, y = (clientY - box.top - (tile.grab ? tile.grab.y : 0)) / s;
          const across = grid.cellWidth + grid.columnGap, down = grid.cellHeight + grid.rowGap;
          const spanColumns = Math.round((tile.homeSlot.width + grid.columnGap) / across), spanRows = Math.round((tile.homeSlot.height + grid.rowGap) / down);
          const clamp = (value, most) => Math.max(0, Math.min(value, most));
          const column = clamp(Math.round((x - grid.origin.x) / across), homeLayout.columns - spanColumns);
          const row = clamp(Math.round((y - grid.origin.y) / down), homeLayout.rows - spanRows);
          placeHomeTile(id, Number(page.dataset.page), column, row);
        }

        async function placeHomeTile(id, page, column, row) {
          const error = homeView.querySelector(".home-error");
          try {
            const answer = await fetch("/v1/home/placements/" + encodeURIComponent(id), {
              method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ page, column, row, output: null }),
            });
            const reply = await answer.json().catch(() => ({}));
            if (!answer.ok) throw new Error(reply.error ? reply.error.message : String(answer.status));
            error.textContent = "";
          } catch (failure) {
            error.textContent = "Could not move it: " + failure.message;
          }
          // The `home` event re-reads it too; reading now shows the move without waiting.
          refreshHome();
        }

        // The mouse drags with HTML5 drag and drop; a finger or a pen with pointer events.
        function grabbable(tile) {
          tile.addEventListener("dragstart", (event) => {
            tile.grab = { x: event.offsetX, y: event.offsetY };
            event.dataTransfer.setData("text/plain", tile.dataset.instance);
            event.dataTransfer.effectAllowed = "move";
            tile.classList.add("dragging");
          });
          tile.addEventListener("dragend", () => tile.classList.remove("dragging"));
          tile.addEventListener("pointerdown", (event) => {
            if (event.pointerType === "mouse") return;
            event.preventDefault();
            const box = tile.getBoundingClientRect();
            tile.grab = { x: event.clientX - box.left, y: event.clientY - box.top };
            const start = { x: event.clientX, y: event.clientY };
            tile.setPointerCapture(event.pointerId);
            tile.classList.add("dragging");
            const move = (moved) => { tile.style.transform = "translate(" + (moved.clientX - start.x) + "px, " + (moved.clientY - start.y) + "px)"; };
            const end = (ended) => {
              tile.removeEventListener("pointermove", move);
              tile.removeEventListener("pointerup", end);
              tile.removeEventListener("pointercancel", end);
              tile.classList.remove("dragging");
              tile.style.transform = "";
              if (ended.type !== "pointerup") return;
              tile.style.visibility = "hidden";
              const page = document.elementFromPoint(ended.clientX, ended.clientY)?.closest(".home-page");
              tile.style.visibility = "";
              if (page) dropHomeTile(tile.dataset.instance, page, ended.clientX, ended.clientY);
            };
            tile.addEventListener("pointermove", move);
            tile.addEventListener("pointerup", end);
            tile.addEventListener("pointercancel", end);
          });
        }

        function homeScreenListen(stream) {
          stream.addEventListener("home", refreshHome);
          stream.addEventListener("instances", refreshHome);
          const redraw = (event) => {
            let about = {};
            try { about = JSON.parse(event.data) || {}; } catch { return; }
            if (!about.instance || !homeView.open) return;
            homeImageVersions.set(about.instance, (homeImageVersions.get(about.instance) || 0) + 1);
            const image = homeBoard.querySelector('.home-tile[data-instance="' + CSS.escape(about.instance) + '"] img');
            if (image) image.src = homeImage(about.instance);
          };
          stream.addEventListener("entry", redraw);
          stream.addEventListener("call", redraw);
        }

        homeView.open = localStorage.getItem("widgethost.homeScreen") === "open";
        homeView.addEventListener("toggle", () => {
          localStorage.setItem("widgethost.homeScreen", homeView.open ? "open" : "closed");
          refreshHome();
        });
        homeSize.value = localStorage.getItem("widgethost.homeSize") || "1024x768";
        homeSize.addEventListener("change", () => { localStorage.setItem("widgethost.homeSize", homeSize.value); refreshHome(); });
        """#
}
