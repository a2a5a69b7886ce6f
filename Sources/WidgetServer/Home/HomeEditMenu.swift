/// `/home`'s context menu, keyboard and Smart Stacks, beside `HomeEditScript` in the same scope.
///
/// The menu, as iOS's: a right-click, or a long press on a widget, opens it. On a widget: Edit
/// Widget (when its kind has parameters), Edit Home Screen, for a stack Remove from Stack and
/// Smart Rotate, and Remove Widget; on empty space: Edit Home Screen and Add Widget….
///
/// The keyboard: Tab moves the focus ring through the widgets and, in edit mode, `+` and Done;
/// in edit mode the arrows move it to the nearest widget that way, Alt and an arrow move the
/// focused widget by its width or height, Delete removes it; Enter opens Edit Widget or the menu,
/// the Menu key (or Shift-F10) the menu; Escape closes the menu, then leaves edit mode.
///
/// A stack shows one dot per widget at its side; a vertical swipe or the wheel shows the next
/// (`PUT /v1/home/stacks/{id}` with `shown`), and every home screen follows.
///
/// The DOM is a contract the browser check reads: `#home-menu[role=menu]` holding
/// `button[role=menuitem][data-action]`.
enum HomeEditMenu {
    static let javaScript = #"""
        const menu = document.getElementById("home-menu");
        let kinds = new Map(), kindsLoading = null;

        function loadKinds() {
          kindsLoading = fetch("/v1/kinds").then((answer) => answer.ok ? answer.json() : { kinds: [] })
            .then((list) => { kinds = new Map(list.kinds.map((kind) => [kind.kind, kind])); return kinds; })
            .catch(() => kinds);
          return kindsLoading;
        }
        const kindName = (name) => (kinds.get(name) || {}).displayName || name || "Widget";
        const isConfigurable = (tile) => ((kinds.get(tile.dataset.kind) || {}).parameters || []).length > 0;

        const menuOpen = () => !menu.hidden;
        function closeMenu() { menu.hidden = true; menu.replaceChildren(); }

        function openMenu(x, y, id) {
          const tile = id ? tiles.get(id) : null;
          const placed = id ? placedOf(id) : null;
          const items = [];
          if (tile && isConfigurable(tile)) items.push(["edit-widget", "Edit Widget", () => openConfigure(id)]);
          items.push(["edit-home", "Edit Home Screen", enterEditing]);
          if (!tile) items.push(["add-widget", "Add Widget…", () => { enterEditing(); openGallery(); }]);
          if (placed && placed.stack) {
            items.push(["unstack", "Remove from Stack", () => unstack(id)]);
            const on = placed.stack.smartRotate;
            items.push(["smart-rotate", "Smart Rotate: " + (on ? "On" : "Off"), () => setSmartRotate(placed.stack.id, !on)]);
          }
          if (tile) items.push(["remove-widget", "Remove Widget", () => removeWidget(id)]);
          menu.replaceChildren(...items.map(([action, title, perform]) => {
            const row = element("button", { type: "button", role: "menuitem", "data-action": action }, title);
            row.addEventListener("click", () => { closeMenu(); perform(); });
            return row;
          }));
          menu.hidden = false;
          const box = menu.getBoundingClientRect();
          menu.style.left = Math.max(8, Math.min(x, innerWidth - box.width - 8)) + "px";
          menu.style.top = Math.max(8, Math.min(y, innerHeight - box.height - 8)) + "px";
          menu.firstElementChild.focus({ focusVisible: lastPointerType !== "mouse" });
        }

        // Edit mode's and the menu's keys; false leaves the key to the page (the arrows turn pages
        // outside edit mode).
        function editKey(event) {
          if (document.querySelector("dialog[open]")) return true;
          const focused = document.activeElement && document.activeElement.closest ? document.activeElement.closest(".tile") : null;
          if (menuOpen()) {
            const rows = [...menu.children], at = rows.indexOf(document.activeElement);
            if (event.key === "Escape") { closeMenu(); if (focused) focused.focus(); }
            else if (event.key === "ArrowDown") rows[(at + 1) % rows.length].focus();
            else if (event.key === "ArrowUp") rows[(at - 1 + rows.length) % rows.length].focus();
            else return event.key !== "Enter" && event.key !== " " ? true : false;
            event.preventDefault();
            return true;
          }
          if (event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey)) {
            const box = (focused || board).getBoundingClientRect();
            openMenu(box.left + box.width / 2, box.top + box.height / 2, focused ? focused.dataset.instance : null);
          } else if (event.key === "Escape" && drag) {
            cancelDrag();
          } else if (event.key === "Escape" && editing) {
            exitEditing();
          } else if (event.key === "Enter" && focused && event.target === focused) {
            if (editing && isConfigurable(focused)) openConfigure(focused.dataset.instance);
            else { const box = focused.getBoundingClientRect(); openMenu(box.left + box.width / 2, box.top + box.height / 2, focused.dataset.instance); }
          } else if (editing && (event.key === "Delete" || event.key === "Backspace") && focused) {
            removeWidget(focused.dataset.instance);
          } else if (editing && event.key.startsWith("Arrow") && event.altKey && focused) {
            nudge(focused, event.key);
          } else if (editing && event.key.startsWith("Arrow")) {
            focusToward(focused, event.key);
          } else if (event.key === "PageDown" || event.key === "PageUp") {
            goToPage(Math.max(0, Math.min(currentPage + (event.key === "PageDown" ? 1 : -1), layout.pages - 1)), "smooth");
          } else {
            return false;
          }
          event.preventDefault();
          return true;
        }

        // The nearest widget of the page shown whose centre lies that way.
        function focusToward(from, key) {
          const on = [...tiles.values()].filter((tile) => tile.dataset.page === String(currentPage) && tile.isConnected);
          if (!from) { (on[0] || document.getElementById("done-button")).focus(); return; }
          const centre = (tile) => { const box = tile.getBoundingClientRect(); return [box.left + box.width / 2, box.top + box.height / 2]; };
          const [x, y] = centre(from), [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
          let best = null, bestDistance = Infinity;
          for (const tile of on) {
            if (tile === from) continue;
            const [tx, ty] = centre(tile), along = (tx - x) * dx + (ty - y) * dy;
            if (along <= 0) continue;
            const distance = along + 2 * Math.abs((tx - x) * dy + (ty - y) * dx);
            if (distance < bestDistance) { best = tile; bestDistance = distance; }
          }
          if (best) best.focus();
        }

        // Alt and an arrow: the focused widget moves by its own width or height, the grid making room.
        async function nudge(tile, key) {
          const placed = placedOf(tile.dataset.instance);
          if (!placed || placed.column === null) return;
          const [columns, rows] = SPANS[placed.family];
          const [dx, dy] = { ArrowLeft: [-columns, 0], ArrowRight: [columns, 0], ArrowUp: [0, -rows], ArrowDown: [0, rows] }[key];
          const column = placed.column + dx, row = placed.row + dy;
          if (column < 0 || row < 0 || column + columns > layout.columns || row + rows > layout.rows) return;
          try {
            show(await post(movesPath(), { instance: placed.id, page: placed.page, column, row, commit: true, revision: layout.revision }));
            tile.focus();
          } catch (error) { refused(error); }
        }

        // MARK: Smart Stacks

        function drawStack(tile, stack) {
          const dots = tile.querySelector(".stack-dots");
          if (!stack) { delete tile.dataset.stack; dots.replaceChildren(); return; }
          tile.dataset.stack = stack.id;
          dots.replaceChildren(...stack.members.map((member) => element("i", member === stack.shown ? { class: "shown" } : {})));
        }

        async function turnStack(tile, step) {
          const placed = placedOf(tile.dataset.instance);
          if (!placed || !placed.stack) return;
          const members = placed.stack.members, at = members.indexOf(placed.stack.shown);
          const next = members[(at + step + members.length) % members.length];
          try {
            await putJSON("/v1/home/stacks/" + encodeURIComponent(placed.stack.id), { shown: next });
            refresh();
          } catch (error) { toast(error.message); }
        }

        let wheelAt = 0;
        board.addEventListener("wheel", (event) => {
          const tile = tileOf(event.target);
          if (!tile || !tile.dataset.stack || editing || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
          event.preventDefault();
          // One widget per flick of the wheel, however many events it sends.
          if (event.timeStamp - wheelAt < 400) return;
          wheelAt = event.timeStamp;
          turnStack(tile, event.deltaY > 0 ? 1 : -1);
        }, { passive: false });

        async function unstack(id) {
          try {
            await answerOf(await fetch("/v1/home/stacks/members/" + encodeURIComponent(id), { method: "DELETE" }));
          } catch (error) { toast(error.message); }
          refresh();
        }

        async function setSmartRotate(stack, on) {
          try { await putJSON("/v1/home/stacks/" + encodeURIComponent(stack), { smartRotate: on }); } catch (error) { toast(error.message); }
          refresh();
        }

        async function putJSON(path, body) {
          return answerOf(await fetch(path, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }));
        }

        document.getElementById("done-button").addEventListener("click", exitEditing);
        document.getElementById("add-widget-button").addEventListener("click", openGallery);
        loadKinds();
        """#
}
