import CPangoCairo
import CWaylandClient
import Foundation
import WidgetDesktop
import WidgetHome
import WidgetPayload
import WidgetRender

/// Edit mode on one output's layer surface: the sub-surfaces follow the editor's arrangement (a
/// drag's preview moves them, without drawing them again), and an overlay sub-surface over them
/// draws the badges, `+`, Done, the dragged widget, the menu and the focus ring.
extension WaylandOutput {
    /// Hands the session one input (points of the output) and does what it answers.
    func input(_ body: (inout HomeEditor) -> [HomeEditorEffect]) {
        guard let session else { return }
        respond(session.input(body))
    }

    /// A key, while the layer surface has the keyboard.
    func key(_ key: HomeKey) {
        guard let session else { return }
        respond(session.key(key))
    }

    func respond(_ response: HomeEditSession.Response) {
        for tap in response.taps {
            // Performs the control, or opens the link, under the tap, as before edit mode.
            guard let tile = tiles[tap.instance], let list = tile.displayList,
                let action = TileTap(at: Point(x: tap.point.x - tile.frame.minX, y: tap.point.y - tile.frame.minY), in: list)
            else { continue }
            desktop.feed.act(on: action, instance: tap.instance)
        }
        if response.redraw { sync(redrawTiles: false) }
    }

    /// Where `surface` (this output's layer surface, overlay, page dots or a widget's) lies, in
    /// points of the output: what its surface-local points are added to. Nil when it is not ours.
    func origin(of surface: OpaquePointer) -> Point? {
        if surface == self.surface || surface == overlay?.surface { return Point(x: 0, y: 0) }
        if let dots = pageDots, dots.surface == surface { return dots.frame.origin }
        return tile(for: surface).map(\.frame.origin)
    }

    /// Makes the sub-surfaces what the editor shows: the page's widgets at their (preview) frames,
    /// the dragged one cleared, the overlay over them while editing; then commits the parent,
    /// which applies the positions. `redrawTiles`: draw every widget again (the layout changed).
    func sync(redrawTiles: Bool) {
        guard let surface, let session else { return }
        let editor = session.editor
        let shown = editor.shown.tiles(onPage: editor.page)
        // The dragged widget's tile is kept (cleared) even on another page: a press that began on it
        // keeps coming relative to it, and would end with it.
        let ids = Set(shown.map(\.id) + (editor.drag.map { [$0.instance] } ?? []))
        for (id, tile) in tiles where !ids.contains(id) {
            tile.destroy()
            tiles[id] = nil
            hiddenTiles.remove(id)
        }
        var newest: WaylandTile?
        let now = Date()
        if let dragged = editor.drag?.instance, let tile = tiles[dragged], hiddenTiles.insert(dragged).inserted {
            tile.drawWithCairo { _ in }
        }
        for placed in shown {
            let existing = tiles[placed.id]
            let tile = existing ?? WaylandTile(id: placed.id, parent: surface, desktop: desktop, output: self)
            tiles[placed.id] = tile
            if existing == nil { newest = tile }
            if placed.id == editor.drag?.instance {
                // Drawn under the pointer by the overlay; its own surface stays put, keeping the press.
                if existing == nil { tile.place(at: placed.frame) }
                if hiddenTiles.insert(placed.id).inserted { tile.drawWithCairo { _ in } }
                continue
            }
            if existing == nil || tile.frame != placed.frame { tile.place(at: placed.frame) }
            if existing == nil || redrawTiles || hiddenTiles.contains(placed.id) {
                hiddenTiles.remove(placed.id)
                tile.draw(now: now)
            }
        }
        drawPageDots(on: surface, pages: max(editor.shown.pageCount, editor.page + 1))
        drawOverlay(parent: surface, above: newest)
        followKeyboardNeed()
        wl_surface_commit(surface)
    }

    /// While editing (or with a menu open) the layer surface takes the keyboard on demand, as
    /// layer-shell's version 4 allows; at rest none, as before. Applied with the next commit.
    private func followKeyboardNeed() {
        guard let editor = session?.editor, let layerSurface, wl_proxy_get_version(layerSurface) >= 4 else { return }
        let needs = editor.isEditing || editor.menu != nil
        guard needs != takesKeyboard else { return }
        takesKeyboard = needs
        let interactivity = needs ? ZwlrLayerSurfaceV1.KeyboardInteractivity.onDemand : ZwlrLayerSurfaceV1.KeyboardInteractivity.none
        waylandRequest(layerSurface, ZwlrLayerSurfaceV1.setKeyboardInteractivityRequest, [uintArgument(interactivity)])
    }

    /// Draws the overlay, made when first needed (on top of every sub-surface) and let go when not.
    /// A sub-surface made after it lies over it: `above` is the newest such, which it is raised
    /// over (not made again: a press held on it would end with it).
    private func drawOverlay(parent: OpaquePointer, above newest: WaylandTile?) {
        guard let editor = session?.editor else { return }
        let needed = editor.isEditing || editor.menu != nil || editor.focus != nil || editor.drag != nil
        if !needed {
            overlay?.destroy()
            overlay = nil
        }
        if needed, let overlay, let newest { wl_subsurface_place_above(overlay.subsurface, newest.surface) }
        if editor.drag == nil { dragImage = nil }
        guard needed else { return }
        let overlay = self.overlay ?? WaylandTile(id: "", parent: parent, desktop: desktop, output: self)
        if self.overlay == nil { overlay.place(at: Rect(x: 0, y: 0, width: width, height: height)) }
        self.overlay = overlay
        let renderer = EditChromeRenderer(appearance: desktop.screen.appearance)
        let scale = scale
        let image = editor.drag.flatMap { dragImage(of: $0.instance, size: $0.frame.size) }
        overlay.drawWithCairo { cairo in
            if let chrome = editor.chrome { renderer.drawChrome(chrome, on: cairo, scale: scale) }
            if let drag = editor.drag {
                renderer.drawLift(drag.frame, on: cairo, scale: scale)
                if let image {
                    cairo_set_source_surface(cairo, image.surface, (drag.frame.minX * scale).rounded(), (drag.frame.minY * scale).rounded())
                    cairo_paint(cairo)
                }
            }
            renderer.drawOverlay(menu: editor.menu, focus: editor.focusedFrame, on: cairo, scale: scale)
        }
    }

    /// The dragged widget's pixels, drawn once per drag.
    private func dragImage(of instance: String, size: Size) -> DragImage? {
        if let dragImage, dragImage.instance == instance { return dragImage }
        guard let widget = desktop.screen.widget(instance),
            let image = DragImage(instance: instance, width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)))
        else { return nil }
        cairo_surface_flush(image.surface)
        desktop.tiles.draw(
            widget, appearance: desktop.screen.appearance, now: Date(), scale: scale,
            into: UnsafeMutableRawPointer(cairo_image_surface_get_data(image.surface)!), width: image.width, height: image.height,
            stride: Int(cairo_image_surface_get_stride(image.surface)))
        cairo_surface_mark_dirty(image.surface)
        dragImage = image
        return image
    }
}

/// A dragged widget's pixels: an ARGB32 Cairo image, freed with it.
final class DragImage {
    let instance: String
    let surface: OpaquePointer
    let width: Int
    let height: Int

    init?(instance: String, width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.instance = instance
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(surface) }
}
