/// Edit mode on `/home`, as iOS's: a long press (~0.5 s held still, finger or mouse) on empty
/// space enters it, on a widget opens its menu (`HomeEditMenu`; moving on picks the widget up); in
/// edit mode the widgets jiggle with a remove badge and a drag moves one: while it moves, the page
/// asks `POST /v1/home/moves` with `commit: false` (throttled) and shows where the others go; held
/// at the left or right edge it turns the page; let go, the move is committed (one transaction),
/// or, over the middle of a widget of its family, a Smart Stack is made (`POST /v1/home/stacks`).
/// Done, Escape or a tap on empty space leaves. Everything goes through the store, so the layout
/// the `home` event brings back is the one shown. Runs in `HomeScript`'s scope.
///
/// The DOM is a contract the browser check reads: `body[data-editing="1"]` in edit mode,
/// `body[data-dragging="1"]` while a widget is dragged, `#edit-bar` with `#add-widget-button` and
/// `#done-button`, `.tile.stack-target` under a drag that would make a stack, `dialog#remove-alert`
/// (`#remove-alert-title`, `button.cancel`, `button.remove`) asking before a widget is removed.
enum HomeEditScript {
    static let javaScript = #"""
        const LONG_PRESS_MS = 500, SLOP = 12, EDGE = 44, EDGE_DWELL_MS = 600, PREVIEW_EVERY_MS = 120;
        const SPANS = { systemSmall: [2, 2], systemMedium: [4, 2], systemLarge: [4, 4], systemExtraLarge: [8, 4] };
        const dragLayer = document.getElementById("drag-layer");
        let editing = false, press = null, drag = null, suppressClick = false, lastPointerType = "mouse";

        function isDragging() { return drag !== null; }

        function enterEditing() {
          if (editing) return;
          editing = true;
          document.body.dataset.editing = "1";
          closeMenu();
        }

        function exitEditing() {
          if (drag) cancelDrag();
          editing = false;
          delete document.body.dataset.editing;
          closeMenu();
        }

        const tileOf = (target) => target instanceof Element ? target.closest(".tile") : null;
        const placedOf = (id) => layout && layout.tiles.find((placed) => placed.id === id);
        const inChrome = (target) => target instanceof Element && !!target.closest("#edit-bar, #dots, #home-menu, dialog");

        // First, for every press: one outside an open menu only closes it, as on iOS (its click
        // must not press what is under it); any other press starts with clicks allowed.
        addEventListener("pointerdown", (event) => {
          const outsideMenu = menuOpen() && !(event.target instanceof Element && event.target.closest("#home-menu"));
          suppressClick = outsideMenu;
          if (outsideMenu) closeMenu();
        }, true);

        board.addEventListener("pointerdown", (event) => {
          lastPointerType = event.pointerType;
          if (event.button !== 0 || !layout || inChrome(event.target)) return;
          const tile = tileOf(event.target);
          if (editing && event.target.closest(".remove-badge")) return;
          press = { pointer: event.pointerId, x: event.clientX, y: event.clientY, tile, long: false, moved: false, swiped: false };
          press.timer = setTimeout(longPress, LONG_PRESS_MS);
        });

        function longPress() {
          if (!press) return;
          press.long = true;
          press.timer = null;
          suppressClick = true;
          if (editing) return;
          if (press.tile) openMenu(press.x, press.y, press.tile.dataset.instance);
          else enterEditing();
        }

        // Held still, then moved: the browser would pan the pages; in edit mode (or after a long
        // press) the finger is dragging a widget instead.
        // On the document: a dragged tile moves out of the board, and its touches with it.
        document.addEventListener("touchmove", (event) => {
          if (drag || (press && (editing || press.long) && press.tile)) event.preventDefault();
        }, { passive: false });

        addEventListener("pointermove", (event) => {
          if (drag && event.pointerId === drag.pointer) { moveDrag(event.clientX, event.clientY); return; }
          if (!press || event.pointerId !== press.pointer) return;
          const dx = event.clientX - press.x, dy = event.clientY - press.y;
          if (Math.abs(dx) <= SLOP && Math.abs(dy) <= SLOP) return;
          press.moved = true;
          if (press.timer) { clearTimeout(press.timer); press.timer = null; }
          const grid = press.tile && press.tile.dataset.column !== "";
          if (grid && (editing || press.long)) {
            enterEditing();
            beginDrag(press.tile, press, event);
            press = null;
          } else if (!editing && press.tile && press.tile.dataset.stack && !press.swiped && Math.abs(dy) > 30 && Math.abs(dy) > Math.abs(dx)) {
            press.swiped = true;
            suppressClick = true;
            turnStack(press.tile, dy < 0 ? 1 : -1);
          }
        });

        addEventListener("pointerup", (event) => {
          if (drag && event.pointerId === drag.pointer) { endDrag(); return; }
          if (!press || event.pointerId !== press.pointer) return;
          const ended = press;
          press = null;
          if (ended.timer) clearTimeout(ended.timer);
          if (ended.long || ended.moved || !editing) return;
          // A tap in edit mode: on a configurable widget, Edit Widget (as iOS); on empty space, done.
          if (ended.tile) {
            suppressClick = true;
            if (isConfigurable(ended.tile)) openConfigure(ended.tile.dataset.instance);
          } else if (!inChrome(event.target)) {
            exitEditing();
          }
        });

        addEventListener("pointercancel", (event) => {
          if (drag && event.pointerId === drag.pointer) cancelDrag();
          if (press && event.pointerId === press.pointer) { clearTimeout(press.timer); press = null; }
        });

        // After a long press or in edit mode, the release's click must not press a control.
        addEventListener("click", (event) => {
          if (!suppressClick) return;
          suppressClick = false;
          if (!inChrome(event.target)) { event.preventDefault(); event.stopPropagation(); }
        }, true);

        board.addEventListener("contextmenu", (event) => {
          event.preventDefault();
          // A finger's long press is handled above; this is the mouse's right button.
          if (lastPointerType === "touch" || inChrome(event.target)) return;
          const tile = tileOf(event.target);
          openMenu(event.clientX, event.clientY, tile ? tile.dataset.instance : null);
        });

        board.addEventListener("click", (event) => {
          const badge = event.target instanceof Element && event.target.closest(".remove-badge");
          if (badge && editing) removeWidget(tileOf(badge).dataset.instance);
        });

        // MARK: Dragging

        function beginDrag(tile, from, event) {
          const placed = placedOf(tile.dataset.instance);
          if (!placed || !SPANS[placed.family]) return;
          const box = tile.getBoundingClientRect();
          drag = {
            id: placed.id, family: placed.family, pointer: from.pointer, tile, origin: [placed.page, placed.column, placed.row],
            grab: { x: from.x - box.left, y: from.y - box.top }, inSlot: { x: placed.frame.x - placed.slot.x, y: placed.frame.y - placed.slot.y },
            target: null, key: "", asked: "", inFlight: false, edgeTimer: null, x: from.x, y: from.y,
          };
          document.body.dataset.dragging = "1";
          tile.classList.add("dragging");
          dragLayer.append(tile);
          moveDrag(event.clientX, event.clientY);
        }

        function moveDrag(x, y) {
          drag.x = x; drag.y = y;
          Object.assign(drag.tile.style, { left: (x - drag.grab.x) + "px", top: (y - drag.grab.y) + "px" });
          retarget();
          holdAtEdge();
        }

        // Where letting go would put the widget: a cell (the slot under it, kept inside the grid),
        // a stack (over the middle of a widget of its family), or outside the grid.
        function retarget() {
          const grid = layout.grid, [spanColumns, spanRows] = SPANS[drag.family];
          const stepX = grid.cellWidth + grid.columnGap, stepY = grid.cellHeight + grid.rowGap;
          const right = grid.origin.x + layout.columns * stepX - grid.columnGap, bottom = grid.origin.y + layout.rows * stepY - grid.rowGap;
          const slotX = drag.x - drag.grab.x - drag.inSlot.x, slotY = drag.y - drag.grab.y - drag.inSlot.y;
          const centre = { x: slotX + (spanColumns * stepX - grid.columnGap) / 2, y: slotY + (spanRows * stepY - grid.rowGap) / 2 };
          let target;
          const host = layout.tiles.find((placed) => placed.page === currentPage && placed.id !== drag.id && placed.family === drag.family
            && centre.x > placed.slot.x + placed.slot.width / 4 && centre.x < placed.slot.x + placed.slot.width * 3 / 4
            && centre.y > placed.slot.y + placed.slot.height / 4 && centre.y < placed.slot.y + placed.slot.height * 3 / 4);
          if (drag.x < grid.origin.x || drag.x > right || drag.y < grid.origin.y || drag.y > bottom) {
            target = { outside: true };
          } else if (host) {
            target = { onto: host.id };
          } else {
            const clamp = (value, most) => Math.min(Math.max(value, 0), most);
            target = { page: currentPage, column: clamp(Math.round((slotX - grid.origin.x) / stepX), layout.columns - spanColumns),
                       row: clamp(Math.round((slotY - grid.origin.y) / stepY), layout.rows - spanRows) };
          }
          const key = JSON.stringify(target);
          if (key === drag.key) return;
          drag.key = key;
          drag.target = target;
          for (const tile of tiles.values()) tile.classList.toggle("stack-target", tile.dataset.instance === target.onto);
          if (target.page === undefined) arrange(layout, drag.id);
          else askPreview();
        }

        // At most one preview in flight and one every PREVIEW_EVERY_MS; the newest target wins.
        function askPreview() {
          if (!drag || drag.inFlight || drag.target.page === undefined || drag.asked === drag.key) return;
          const asked = drag.key, target = drag.target;
          drag.asked = asked;
          drag.inFlight = true;
          post(movesPath(), { instance: drag.id, page: target.page, column: target.column, row: target.row, commit: false })
            .then((preview) => { if (drag && drag.key === asked) arrange(preview, drag.id); })
            .catch(() => {})
            .finally(() => setTimeout(() => { if (drag) { drag.inFlight = false; askPreview(); } }, PREVIEW_EVERY_MS));
        }

        const movesPath = () => "/v1/home/moves?" + new URLSearchParams({ width: String(innerWidth), height: String(innerHeight), output: "browser" });

        // Held at the left or right edge, the page turns (one after the last opens a new one).
        function holdAtEdge() {
          const edge = drag.x < EDGE && currentPage > 0 ? -1 : drag.x > innerWidth - EDGE && currentPage < layout.pages ? 1 : 0;
          if (edge === (drag.edge || 0)) return;
          clearTimeout(drag.edgeTimer);
          drag.edge = edge;
          if (!edge) return;
          drag.edgeTimer = setTimeout(() => {
            if (!drag) return;
            pageElement(currentPage + edge);
            goToPage(currentPage + edge, "instant");
            drag.edge = 0;
            drag.key = "";
            moveDrag(drag.x, drag.y);
          }, EDGE_DWELL_MS);
        }

        function finishDrag() {
          const ended = drag;
          clearTimeout(ended.edgeTimer);
          drag = null;
          delete document.body.dataset.dragging;
          ended.tile.classList.remove("dragging");
          for (const tile of tiles.values()) tile.classList.remove("stack-target");
          return ended;
        }

        function cancelDrag() {
          finishDrag();
          show(deferredLayout || layout);
        }

        async function endDrag() {
          const ended = finishDrag();
          const target = ended.target || { outside: true };
          try {
            if (target.onto) {
              await post("/v1/home/stacks", { dropped: ended.id, onto: target.onto, revision: layout.revision });
              show(deferredLayout || layout);
              refresh();
            } else if (target.page !== undefined && JSON.stringify([target.page, target.column, target.row]) !== JSON.stringify(ended.origin)) {
              show(await post(movesPath(), { instance: ended.id, page: target.page, column: target.column, row: target.row, commit: true,
                                             revision: layout.revision }));
            } else {
              show(deferredLayout || layout);
            }
          } catch (error) {
            show(deferredLayout || layout);
            refused(error);
          }
        }

        // A refused edit: said in a toast. One made on a layout another home screen changed
        // meanwhile (409 layoutChanged) wrote nothing; the page reads the layout again, so the
        // person sees what is there now and can drop again.
        function refused(error) {
          if (error.code === "layoutChanged") {
            toast("The home screen was changed on another screen, so nothing moved. It now shows the new layout: drop the widget again.");
            refresh();
          } else {
            toast(error.message);
          }
        }

        // iOS's alert before a widget goes: `Remove "<name>"?`, Cancel focused (an Enter by habit
        // keeps the widget), Remove in red. The badge and the menu's Remove Widget both ask.
        const removeAlert = document.getElementById("remove-alert");
        let removing = null;
        function removeWidget(id) {
          const tile = document.querySelector(".tile[data-instance=\"" + CSS.escape(id) + "\"]");
          const name = kindName(tile && tile.dataset.kind);
          removing = id;
          document.getElementById("remove-alert-title").textContent = "Remove \u201C" + name + "\u201D?";
          removeAlert.dataset.instance = id;
          if (!removeAlert.open) removeAlert.showModal();
          removeAlert.querySelector(".cancel").focus();
        }
        removeAlert.querySelector(".cancel").addEventListener("click", () => removeAlert.close());
        removeAlert.querySelector(".remove").addEventListener("click", () => {
          const id = removing;
          removeAlert.close();
          if (id !== null) deleteWidget(id);
        });
        removeAlert.addEventListener("close", () => { removing = null; delete removeAlert.dataset.instance; });

        async function deleteWidget(id) {
          try {
            const answer = await fetch("/v1/instances/" + encodeURIComponent(id), { method: "DELETE" });
            if (!answer.ok && answer.status !== 404) throw new Error(answer.status + " " + answer.statusText);
          } catch (error) { toast("Could not remove the widget: " + error.message); }
          refresh();
        }
        """#
}
