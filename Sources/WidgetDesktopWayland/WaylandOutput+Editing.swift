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
        let started = desktop.options.traceFrames ? DispatchTime.now() : nil
        let hadGallery = if case .gallery? = session.editor.sheet { true } else { false }
        let response = session.input(body)
        if let started, response.redraw {
            if let drag = session.editor.drag {
                dragTrace = ("drag", drag.instance, started, DispatchTime.now())
            } else if !hadGallery, case .gallery? = session.editor.sheet {
                dragTrace = ("opened", "gallery", started, DispatchTime.now())
            }
        }
        respond(response)
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
        session?.releaseSheetsIfDone(sheets)
    }

    /// What the home screen's changes mean for the open sheet (the kinds, a preview's entry, the
    /// daemon's answers); true when the overlay must draw it again.
    func sheetNeedsRedraw(after changes: HomeScreen.Changes) -> Bool {
        session?.sheetNeedsRedraw(after: changes, sheets: sheets) ?? false
    }

    /// Text typed while a sheet is open; false when nothing took it (the key is then a `HomeKey`).
    func type(_ text: String) -> Bool {
        guard let session, let response = session.type(text) else { return false }
        respond(response)
        return true
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
        drawStackDots(on: surface, shown: shown.filter { $0.id != editor.drag?.instance }, redraw: redrawTiles)
        drawPageDots(on: surface, pages: max(editor.shown.pageCount, editor.page + 1))
        drawOverlay(parent: surface, above: newest)
        // Under the overlay the widgets take no clicks: those that go through its holes reach the
        // layer surface (see `drawOverlay`). At rest they take them as before.
        for tile in tiles.values {
            let input: WaylandTile.Input = overlay == nil ? .everywhere : .nowhere
            if tile.input != input {
                tile.setInput(input)
                wl_surface_commit(tile.surface)
            }
        }
        placeDraggedWidget(parent: surface, raise: newest != nil)
        followKeyboardNeed()
        traceDragFrame(on: surface)
        wl_surface_commit(surface)
    }

    /// With `--trace-frames`, while a widget is dragged: one line per commit of the layer surface
    /// (which moves the dragged widget's sub-surface), from the input's arrival to the commit and
    /// to the compositor's frame callback, the editor's share apart; the same for the input that
    /// opens the gallery (`"opened": "gallery"`, the sheet drawn on the overlay before the commit).
    private func traceDragFrame(on surface: OpaquePointer) {
        guard let traced = dragTrace else { return }
        dragTrace = nil
        let (field, instance, started, edited) = traced
        let page = self.page
        let callback = wl_surface_frame(surface)!
        let committed = DispatchTime.now()
        let events = WaylandEvents { [weak self] _, _ in
            let shown = DispatchTime.now()
            guard let self else { return }
            desktop.trace(
                "{\"\(field)\":\"\(instance)\",\"page\":\(page),\"eventNs\":\(started.uptimeNanoseconds),\"editorNs\":\(edited.uptimeNanoseconds - started.uptimeNanoseconds)"
                    + ",\"committedNs\":\(committed.uptimeNanoseconds),\"shownNs\":\(shown.uptimeNanoseconds)}")
            traceCallbacks[callback] = nil
            wl_callback_destroy(callback)
        }
        events.attach(to: callback)
        traceCallbacks[callback] = events
    }

    /// While editing (or with a menu open) the layer surface takes the keyboard on demand, as
    /// layer-shell's version 4 allows; at rest none, as before. Applied with the next commit.
    private func followKeyboardNeed() {
        guard let editor = session?.editor, let layerSurface, wl_proxy_get_version(layerSurface) >= 4 else { return }
        let needs = editor.isEditing || editor.menu != nil || editor.sheet != nil
        guard needs != takesKeyboard else { return }
        takesKeyboard = needs
        let interactivity = needs ? ZwlrLayerSurfaceV1.KeyboardInteractivity.onDemand : ZwlrLayerSurfaceV1.KeyboardInteractivity.none
        waylandRequest(layerSurface, ZwlrLayerSurfaceV1.setKeyboardInteractivityRequest, [uintArgument(interactivity)])
    }

    /// Draws the overlay, made when first needed (on top of every sub-surface) and let go when not,
    /// and only when what it shows changed: a drag's moves within one cell draw nothing. A
    /// sub-surface made after it lies over it: `above` is the newest such, which it is raised over
    /// (not made again: a press held on it would end with it).
    private func drawOverlay(parent: OpaquePointer, above newest: WaylandTile?) {
        guard let editor = session?.editor else { return }
        let needed = editor.isEditing || editor.menu != nil || editor.focus != nil || editor.drag != nil || editor.sheet != nil
        guard needed else {
            overlay?.destroy()
            overlay = nil
            overlayShows = nil
            return
        }
        if let overlay, let newest { wl_subsurface_place_above(overlay.subsurface, newest.surface) }
        let overlay = self.overlay ?? WaylandTile(id: "", parent: parent, desktop: desktop, output: self)
        if self.overlay == nil {
            overlay.place(at: Rect(x: 0, y: 0, width: width, height: height))
            overlayShows = nil
        }
        self.overlay = overlay
        overlay.keepsSpareBuffer = editor.drag != nil
        let shows = OverlayContent(
            chrome: editor.chrome, menu: editor.menu, focus: editor.sheet == nil ? editor.focusedFrame : nil, sheet: editor.sheet,
            appearance: desktop.screen.appearance)
        // The overlay takes the clicks while editing: a drag goes on over it, whatever it passes
        // (Sway 1.7 keeps no press on a sub-surface the pointer leaves, and sends no motion during
        // a press on the layer surface itself). Its controls, menus and sheets are holes in it, so
        // a click there lands on the layer surface under it, which Sway 1.7 gives the keyboard on a
        // click (on demand) where it would not for a sub-surface.
        let holes = [shows.chrome?.add, shows.chrome?.done, shows.menu?.frame, shows.sheet?.frame(width: width, height: height)]
        overlay.setInput(.inside(Rect(x: 0, y: 0, width: width, height: height), holes: holes.compactMap { $0 }))
        guard shows != overlayShows else { return }
        overlayShows = shows
        let renderer = EditChromeRenderer(appearance: shows.appearance)
        let scale = scale, width = width, height = height
        var targets: [SheetTarget: Rect] = [:]
        overlay.drawWithCairo { cairo in
            if let chrome = shows.chrome { renderer.drawChrome(chrome, on: cairo, scale: scale) }
            renderer.drawOverlay(menu: shows.menu, focus: shows.focus, on: cairo, scale: scale)
            if let sheet = shows.sheet {
                targets = sheets.draw(
                    sheet, screen: desktop.screen, width: width, height: height, appearance: shows.appearance, now: Date(), on: cairo, scale: scale)
            }
        }
        session?.setSheetTargets(targets)
        if let sheet = shows.sheet { desktop.trace(SheetRenderer.traceLine(sheet, targets: targets, scale: scale)) }
    }

    /// The dragged widget: a sub-surface of its own over the overlay, drawn once per drag and then
    /// only moved, taking no input (the press stays with the surface it began on).
    func placeDraggedWidget(parent: OpaquePointer, raise: Bool) {
        guard let drag = session?.editor.drag else {
            dragTile?.destroy()
            dragTile = nil
            return
        }
        if let tile = dragTile, tile.id != drag.instance {
            tile.destroy()
            dragTile = nil
        }
        if let tile = dragTile {
            tile.place(at: drag.frame)
            if raise, let overlay { wl_subsurface_place_above(tile.subsurface, overlay.surface) }
            return
        }
        // Under the pointer all along: it takes none of the press's events.
        let tile = WaylandTile(id: drag.instance, parent: parent, desktop: desktop, output: self, receivesInput: false)
        tile.place(at: drag.frame)
        tile.draw(now: Date())
        dragTile = tile
    }
}

/// What the overlay was last drawn with, to draw it again only when that changes.
struct OverlayContent: Equatable {
    let chrome: HomeEditChrome?
    let menu: HomeContextMenu?
    let focus: Rect?
    let sheet: HomeSheet?
    let appearance: ColorSchemeName
}
