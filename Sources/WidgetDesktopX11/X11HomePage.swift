#if canImport(Glibc)
import Glibc
#endif
import CXCB
import Foundation
import WidgetDesktop
import WidgetHome
import WidgetPayload
import WidgetRender

/// The page of widgets the window shows, drawn into the canvas: everything after a layout change
/// (instances, places, appearance, size, page) or an edit (edit mode, a drag, the menu, the
/// focus), else only the widgets whose entry changed, each cleared to the background first and
/// copied to the window alone. What the page shows is its `HomeEditSession`'s editor's.
final class X11HomePage {
    unowned let desktop: X11Desktop
    var canvas: X11Canvas
    let session: HomeEditSession
    /// What each shown widget was drawn with, in its points: where its controls and links are.
    private var displayLists: [String: DisplayList] = [:]
    /// Each widget's last pixels: a drag redraws the page at every move, and only the widgets
    /// whose entry changed are rendered again for it.
    private var drawn: [String: TilePixels] = [:]
    /// The shown widgets whose text counts (`Text(date, style: .timer)`), redrawn each second.
    private(set) var countingTiles: Set<String> = []
    /// The open sheet's drawing, with the gallery's previews kept between redraws.
    private lazy var sheets = SheetRenderer(tiles: desktop.tiles)
    /// With `--trace-frames`, a move of the pointer that moved a dragged widget: traced with the
    /// next page drawn, as the Wayland backend traces its drag commits (`{"drag": …}`).
    var dragTrace: (instance: String, arrived: DispatchTime, edited: DispatchTime)?
    /// What the last page drawn showed besides the dragged widget, and where that was (pixels,
    /// its lift's shadow included): a move that changes only the dragged widget's place redraws
    /// and copies only where it was and is.
    private var lastScene: Scene?
    private var lastDragRect: PixelRect?

    /// Everything a page shows but the dragged widget's place. The widgets' faces are not in it:
    /// a face that changed is drawn by `redraw(_:now:)`, which draws the page whole.
    private struct Scene: Equatable {
        let page: Int
        let tiles: [HomeArrangement.Tile]
        let pageCount: Int
        let chrome: HomeEditChrome?
        let menu: HomeContextMenu?
        let focus: Rect?
        let hasSheet: Bool
        let appearance: ColorSchemeName
    }

    init(desktop: X11Desktop, canvas: X11Canvas) {
        self.desktop = desktop
        self.canvas = canvas
        let scale = desktop.options.scale
        session = HomeEditSession(
            screen: desktop.screen, output: desktop.options.output, placingFor: desktop.options.output, width: Double(canvas.width) / scale,
            height: Double(canvas.height) / scale, feed: desktop.feed, note: desktop.feed.note)
    }

    var scale: Double { desktop.options.scale }
    var page: Int { session.editor.page }
    /// The window's size in points, which the grid is laid out in.
    var pointWidth: Double { Double(canvas.width) / scale }
    var pointHeight: Double { Double(canvas.height) / scale }
    private var background: X11Background { .forAppearance(desktop.screen.appearance) }
    /// Whether anything of edit mode is drawn over the tiles, so a widget cannot be drawn alone.
    private var showsEditing: Bool {
        let editor = session.editor
        return editor.isEditing || editor.menu != nil || editor.focus != nil || editor.sheet != nil
    }

    /// What the home screen's changes mean for the open sheet (the kinds, a preview's entry, the
    /// daemon's answers); true when the page must be drawn again for it.
    /// Edit mode over: the sheets' cached previews go (`HomeEditSession.releaseSheetsIfDone`).
    func releaseSheetsIfDone() {
        session.releaseSheetsIfDone(sheets)
    }

    func sheetNeedsRedraw(after changes: HomeScreen.Changes) -> Bool {
        session.sheetNeedsRedraw(after: changes, sheets: sheets)
    }

    /// The layout changed (the store, the size, the appearance): read it again and draw it all.
    func reload(now: Date) {
        session.reload(width: pointWidth, height: pointHeight)
        drawn = [:]
        redrawAll(now: now)
    }

    /// Draws the whole page as the editor shows it: the tiles, edit mode's badges and buttons,
    /// the dragged widget under the pointer, then the menu and the focus ring. After a move of
    /// the pointer (`dragMoved`) that changed nothing but the dragged widget's place, only where
    /// it was and is now is drawn again and copied to the window (the X server composites every
    /// pixel drawn, in software under Xvfb: the whole page per move was most of a drag's time).
    func redrawAll(now: Date, dragMoved: Bool = false) {
        let editor = session.editor
        let arrangement = editor.shown
        let whole = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        let scene = Scene(
            page: page, tiles: arrangement.tiles(onPage: page).filter { $0.id != editor.drag?.instance },
            pageCount: max(arrangement.pageCount, page + 1), chrome: editor.chrome, menu: editor.menu,
            focus: editor.sheet == nil ? editor.focusedFrame : nil, hasSheet: editor.sheet != nil, appearance: desktop.screen.appearance)
        // The lift's shadow spreads 8 points around the widget, 4 lower.
        let dragRect = editor.drag.map { pixelRect(Rect(x: $0.frame.minX - 16, y: $0.frame.minY - 16, width: $0.frame.width + 32, height: $0.frame.height + 32)) }
        let region =
            if dragMoved, scene == lastScene, let previous = lastDragRect, let dragRect {
                previous.union(dragRect).clipped(width: canvas.width, height: canvas.height)
            } else {
                whole
            }
        (lastScene, lastDragRect) = (scene, dragRect)
        canvas.clip(to: region)
        defer { canvas.clip(to: nil) }
        canvas.clear(whole, to: background)
        displayLists = [:]
        countingTiles = []
        var traced: [String] = []
        let dragged = editor.drag?.instance
        for tile in arrangement.tiles(onPage: page) where tile.id != dragged {
            if let line = draw(tile.id, at: tile.frame, now: now, reuse: dragged != nil) { traced.append(line) }
        }
        drawStackDots(arrangement.tiles(onPage: page).filter { $0.id != dragged })
        // While a drag holds the page after the last, that page has a dot too.
        drawPageDots(pages: max(arrangement.pageCount, page + 1))
        let chrome = EditChromeRenderer(appearance: desktop.screen.appearance)
        if let badges = editor.chrome { chrome.drawChrome(badges, on: canvas.cairo, scale: scale) }
        if let drag = editor.drag {
            chrome.drawLift(drag.frame, on: canvas.cairo, scale: scale)
            if let line = draw(drag.instance, at: drag.frame, now: now, reuse: true) { traced.append(line) }
        }
        if let trace = dragTrace {
            dragTrace = nil
            // Its closing brace comes with the shown times `traceShown` adds.
            traced.append(
                "{\"drag\":\"\(trace.instance)\",\"page\":\(page),\"eventNs\":\(trace.arrived.uptimeNanoseconds)"
                    + ",\"editorNs\":\(trace.edited.uptimeNanoseconds - trace.arrived.uptimeNanoseconds)")
        }
        chrome.drawOverlay(menu: editor.menu, focus: editor.sheet == nil ? editor.focusedFrame : nil, on: canvas.cairo, scale: scale)
        if let sheet = editor.sheet {
            let targets = sheets.draw(
                sheet, screen: desktop.screen, width: pointWidth, height: pointHeight, appearance: desktop.screen.appearance, now: now,
                on: canvas.cairo, scale: scale)
            session.setSheetTargets(targets)
            // Its closing brace comes with the shown times `traceShown` adds.
            if desktop.options.traceFrames { traced.append(String(SheetRenderer.traceLine(sheet, targets: targets, scale: scale).dropLast())) }
        }
        canvas.present(region)
        desktop.traceShown(traced)
    }

    /// Draws the widgets named again, where they are on the shown page.
    func redraw(_ ids: Set<String>, now: Date) {
        for id in ids { drawn[id] = nil }
        guard !showsEditing else {
            // A badge or the menu overlaps the tiles: the page is drawn whole, in order.
            redrawAll(now: now)
            return
        }
        var traced: [String] = []
        for tile in session.editor.shown.tiles(onPage: page) where ids.contains(tile.id) {
            let rect = pixelRect(tile.frame)
            canvas.clear(rect, to: background)
            if let line = draw(tile.id, at: tile.frame, now: now, reuse: false) { traced.append(line) }
            canvas.present(rect)
        }
        desktop.traceShown(traced)
    }

    /// What a tap at `point` (in points of the window) does: its control or link, if any.
    func tap(instance: String, at point: Point) -> TileTap? {
        guard let tile = session.editor.shown.tiles(onPage: page).first(where: { $0.id == instance }), let list = displayLists[instance]
        else { return nil }
        return TileTap(at: Point(x: point.x - tile.frame.minX, y: point.y - tile.frame.minY), in: list)
    }

    /// Draws one widget into an image of its scaled size and composites it at `frame`; with
    /// `reuse`, its last pixels when it has not changed since. Returns the start of its trace
    /// line when tracing and it was rendered.
    private func draw(_ id: String, at frame: Rect, now: Date, reuse: Bool) -> String? {
        guard let widget = desktop.screen.widget(id) else { return nil }
        let rect = pixelRect(frame)
        // A frame at fractional points may round out one pixel wider than the cached one: the same pixels.
        if reuse, let pixels = drawn[id], abs(pixels.width - rect.width) <= 1, abs(pixels.height - rect.height) <= 1 {
            canvas.composite(pixels, x: rect.x, y: rect.y)
            return nil
        }
        guard let pixels = TilePixels(width: rect.width, height: rect.height) else { return nil }
        let started = DispatchTime.now()
        let list = pixels.draw { data, stride in
            desktop.tiles.draw(
                widget, appearance: desktop.screen.appearance, now: now, scale: scale, into: data, width: pixels.width, height: pixels.height,
                stride: stride)
        }
        canvas.composite(pixels, x: rect.x, y: rect.y)
        drawn[id] = pixels
        displayLists[id] = list
        if widget.face?.view?.countsTime == true { countingTiles.insert(id) } else { countingTiles.remove(id) }
        guard desktop.options.traceFrames else { return nil }
        let rendered = DispatchTime.now()
        // From the event's arrival (if it was this face's), as the Wayland backend traces it.
        let event = widget.changedAt.map { ",\"eventNs\":\($0)" } ?? ""
        return "{\"instance\":\"\(id)\",\"page\":\(page),\"frame\":[\(rect.x),\(rect.y),\(rect.width),\(rect.height)],"
            + "\"renderMs\":\(X11Desktop.milliseconds(started, rendered)),\"startedNs\":\(started.uptimeNanoseconds)\(event)"
    }

    /// Each Smart Stack's dots beside it (`StackDots`).
    private func drawStackDots(_ tiles: [HomeArrangement.Tile]) {
        let cairo = canvas.cairo
        cairo_save(cairo)
        cairo_scale(cairo, scale, scale)
        for tile in tiles {
            guard let stack = tile.stack else { continue }
            let dots = StackDots.frame(beside: tile.frame, count: stack.members.count)
            StackDots.draw(stack, at: dots.origin, appearance: desktop.screen.appearance, on: cairo)
        }
        cairo_restore(cairo)
    }

    /// The page dots under the grid, as iOS shows them: the current page's dot opaque.
    private func drawPageDots(pages: Int) {
        guard pages > 1 else { return }
        let width = Double(pages) * 16 + 8, height = 24.0
        let left = ((pointWidth - width) / 2).rounded(), top = pointHeight - HomeGrid.margin - height
        let cairo = canvas.cairo
        cairo_save(cairo)
        cairo_scale(cairo, scale, scale)
        let ink = desktop.screen.appearance == .dark ? 1.0 : 0.0
        for index in 0..<pages {
            cairo_set_source_rgba(cairo, ink, ink, ink, index == page ? 0.9 : 0.35)
            cairo_arc(cairo, left + 12 + Double(index) * 16, top + height / 2, 4, 0, 2 * Double.pi)
            cairo_fill(cairo)
        }
        cairo_restore(cairo)
    }

    /// A frame in points as whole pixels: its corners rounded out, so nothing is cut.
    private func pixelRect(_ frame: Rect) -> PixelRect {
        let left = Int((frame.minX * scale).rounded(.down)), top = Int((frame.minY * scale).rounded(.down))
        let right = Int(((frame.minX + frame.width) * scale).rounded(.up)), bottom = Int(((frame.minY + frame.height) * scale).rounded(.up))
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
