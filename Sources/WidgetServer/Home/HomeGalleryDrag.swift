import WidgetPayload

/// `/home`'s gallery sheet, dragged from: as on iOS, a widget's preview can be dragged out of the
/// gallery onto a spot of the home screen, which adds it there (a tap adds it at the first free
/// slot, `HomeSheets`). The mouse or a pen drags once moved past the slop; a finger after a long
/// press held still (a plain swipe scrolls the gallery). The sheet closes as the drag starts, edit
/// mode comes, and the preview follows the pointer; let go over the grid, the widget is added
/// (`POST /v1/instances`) and moved to the cell under it (`POST /v1/home/moves`, the grid making
/// room); let go outside the grid, nothing is added. Runs in `HomeScript`'s scope.
///
/// The DOM is a contract the browser check reads: `#drag-layer .gallery-ghost[data-kind]` while a
/// gallery widget is dragged, and `body[data-gallery-dragging="1"]`.
enum HomeGalleryDrag {
    /// The preview dragged is drawn at its family's size, the one the home screen draws it at.
    private static let familySizes = [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge]
        .map { "\($0.rawValue): [\(Int($0.defaultDisplaySize.width)), \(Int($0.defaultDisplaySize.height))]" }
        .joined(separator: ", ")

    static let javaScript = "        const FAMILY_SIZES = { \(familySizes) };\n" + #"""
        let galleryPress = null, galleryDrag = null;

        gallerySheet.addEventListener("pointerdown", (event) => {
          const button = event.target instanceof Element ? event.target.closest("button.family") : null;
          if (!button || event.button !== 0) return;
          const kind = button.closest(".gallery-kind").dataset.kind, family = button.dataset.family;
          if (!SPANS[family] || !kinds.has(kind)) return;  // accessories have no cell; a vanished kind adds nothing
          galleryPress = { pointer: event.pointerId, type: event.pointerType, x: event.clientX, y: event.clientY, kind, family, button,
                           long: event.pointerType !== "touch", timer: null };
          if (event.pointerType === "touch") galleryPress.timer = setTimeout(() => { if (galleryPress) galleryPress.long = true; }, LONG_PRESS_MS);
        });

        // Once a finger's long press picked the widget up, its moves drag rather than scroll.
        document.addEventListener("touchmove", (event) => {
          if (galleryDrag || (galleryPress && galleryPress.long)) event.preventDefault();
        }, { passive: false });

        addEventListener("pointermove", (event) => {
          if (galleryDrag && event.pointerId === galleryDrag.pointer) { moveGalleryDrag(event.clientX, event.clientY); return; }
          if (!galleryPress || event.pointerId !== galleryPress.pointer) return;
          const dx = event.clientX - galleryPress.x, dy = event.clientY - galleryPress.y;
          if (Math.abs(dx) <= SLOP && Math.abs(dy) <= SLOP) return;
          const pressed = galleryPress;
          galleryPress = null;
          clearTimeout(pressed.timer);
          if (pressed.long) beginGalleryDrag(pressed, event);
        });

        addEventListener("pointerup", (event) => {
          if (galleryDrag && event.pointerId === galleryDrag.pointer) { endGalleryDrag(event.clientX, event.clientY); return; }
          if (galleryPress && event.pointerId === galleryPress.pointer) { clearTimeout(galleryPress.timer); galleryPress = null; }
        });

        addEventListener("pointercancel", (event) => {
          if (galleryDrag && event.pointerId === galleryDrag.pointer) finishGalleryDrag();
          if (galleryPress && event.pointerId === galleryPress.pointer) { clearTimeout(galleryPress.timer); galleryPress = null; }
        });

        function beginGalleryDrag(pressed, event) {
          const kind = kinds.get(pressed.kind);
          if (!kind) return;
          const image = pressed.button.querySelector("img");
          const ghost = element("div", { class: "gallery-ghost", "data-kind": pressed.kind, "data-family": pressed.family });
          const size = FAMILY_SIZES[pressed.family];
          Object.assign(ghost.style, { width: size[0] + "px", height: size[1] + "px" });
          if (image && image.currentSrc) ghost.append(element("img", { src: image.currentSrc, alt: "", draggable: "false" }));
          galleryDrag = { pointer: pressed.pointer, kind, family: pressed.family, ghost, size };
          gallerySheet.close();
          enterEditing();
          document.body.dataset.galleryDragging = "1";
          dragLayer.append(ghost);
          moveGalleryDrag(event.clientX, event.clientY);
        }

        function moveGalleryDrag(x, y) {
          const { ghost, size } = galleryDrag;
          Object.assign(ghost.style, { left: (x - size[0] / 2) + "px", top: (y - size[1] / 2) + "px" });
        }

        function finishGalleryDrag() {
          const ended = galleryDrag;
          galleryDrag = null;
          ended.ghost.remove();
          delete document.body.dataset.galleryDragging;
          suppressClick = true;
          return ended;
        }

        // The cell under the dropped preview, its slot kept inside the grid; null outside the grid.
        function galleryCell(family, x, y) {
          if (!layout) return null;
          const grid = layout.grid, [spanColumns, spanRows] = SPANS[family];
          const stepX = grid.cellWidth + grid.columnGap, stepY = grid.cellHeight + grid.rowGap;
          const right = grid.origin.x + layout.columns * stepX - grid.columnGap, bottom = grid.origin.y + layout.rows * stepY - grid.rowGap;
          if (x < grid.origin.x || x > right || y < grid.origin.y || y > bottom) return null;
          const slotWidth = spanColumns * stepX - grid.columnGap, slotHeight = spanRows * stepY - grid.rowGap;
          const clamp = (value, most) => Math.min(Math.max(value, 0), most);
          return { page: currentPage, column: clamp(Math.round((x - slotWidth / 2 - grid.origin.x) / stepX), layout.columns - spanColumns),
                   row: clamp(Math.round((y - slotHeight / 2 - grid.origin.y) / stepY), layout.rows - spanRows) };
        }

        async function endGalleryDrag(x, y) {
          const ended = finishGalleryDrag();
          const cell = galleryCell(ended.family, x, y);
          if (!cell) return;  // outside the grid: nothing added, as a drop back on the sheet on iOS
          if (!kinds.has(ended.kind.kind)) { toast(noLongerAvailable(ended.kind)); return; }
          try {
            const instance = await post("/v1/instances", { kind: ended.kind.kind, family: ended.family });
            show(await post(movesPath(), { instance: instance.id, ...cell, commit: true }));
          } catch (error) {
            toast("Could not add " + ended.kind.displayName + ": " + error.message);
          }
          refresh();
        }
        """#
}
