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
/// (instances, places, appearance, size, page), else only the widgets whose entry changed, each
/// cleared to the background first and copied to the window alone.
final class X11HomePage {
    unowned let desktop: X11Desktop
    var canvas: X11Canvas
    private(set) var page = 0
    private(set) var arrangement: HomeArrangement?
    /// What each shown widget was drawn with, in its points: where its controls and links are.
    private var displayLists: [String: DisplayList] = [:]
    /// The shown widgets whose text counts (`Text(date, style: .timer)`), redrawn each second.
    private(set) var countingTiles: Set<String> = []

    init(desktop: X11Desktop, canvas: X11Canvas) {
        self.desktop = desktop
        self.canvas = canvas
    }

    var scale: Double { desktop.options.scale }
    /// The window's size in points, which the grid is laid out in.
    var pointWidth: Double { Double(canvas.width) / scale }
    var pointHeight: Double { Double(canvas.height) / scale }
    private var background: X11Background { .forAppearance(desktop.screen.appearance) }

    /// Lays the page out again for the current size and layout, and draws all of it.
    func redrawAll(now: Date) {
        let arrangement = desktop.screen.arrangement(output: desktop.options.output, width: pointWidth, height: pointHeight)
        self.arrangement = arrangement
        page = min(page, max(arrangement.pageCount - 1, 0))
        let whole = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        canvas.clear(whole, to: background)
        displayLists = [:]
        countingTiles = []
        var traced: [String] = []
        for tile in arrangement.tiles(onPage: page) {
            if let line = draw(tile, now: now) { traced.append(line) }
        }
        drawPageDots(pages: arrangement.pageCount)
        canvas.present(whole)
        desktop.traceShown(traced)
    }

    /// Draws the widgets named again, where they are on the shown page.
    func redraw(_ ids: Set<String>, now: Date) {
        guard let arrangement else { return }
        var traced: [String] = []
        for tile in arrangement.tiles(onPage: page) where ids.contains(tile.id) {
            let rect = pixelRect(tile.frame)
            canvas.clear(rect, to: background)
            if let line = draw(tile, now: now) { traced.append(line) }
            canvas.present(rect)
        }
        desktop.traceShown(traced)
    }

    /// Shows another page (a wheel notch or a drag); beyond the first or last, nothing happens.
    func turnPage(by delta: Int) {
        guard let arrangement else { return }
        let next = min(max(page + delta, 0), arrangement.pageCount - 1)
        guard next != page else { return }
        page = next
        redrawAll(now: Date())
    }

    /// What a click at `point` (in points of the window) does: the widget under it and its tap.
    func tap(at point: Point) -> (id: String, tap: TileTap)? {
        guard let tile = arrangement?.tile(at: point, onPage: page), let list = displayLists[tile.id],
            let tap = TileTap(at: Point(x: point.x - tile.frame.minX, y: point.y - tile.frame.minY), in: list)
        else { return nil }
        return (tile.id, tap)
    }

    /// Draws one widget into an image of its scaled size and composites it at its frame;
    /// returns the start of its trace line when tracing.
    private func draw(_ tile: HomeArrangement.Tile, now: Date) -> String? {
        guard let widget = desktop.screen.widget(tile.id) else { return nil }
        let rect = pixelRect(tile.frame)
        guard let pixels = TilePixels(width: rect.width, height: rect.height) else { return nil }
        let started = DispatchTime.now()
        let list = pixels.draw { data, stride in
            desktop.tiles.draw(
                widget, appearance: desktop.screen.appearance, now: now, scale: scale, into: data, width: pixels.width, height: pixels.height,
                stride: stride)
        }
        canvas.composite(pixels, x: rect.x, y: rect.y)
        displayLists[tile.id] = list
        if widget.face?.view?.countsTime == true { countingTiles.insert(tile.id) } else { countingTiles.remove(tile.id) }
        guard desktop.options.traceFrames else { return nil }
        let rendered = DispatchTime.now()
        // From the event's arrival (if it was this face's), as the Wayland backend traces it.
        let event = widget.changedAt.map { ",\"eventNs\":\($0)" } ?? ""
        return "{\"instance\":\"\(tile.id)\",\"page\":\(page),\"frame\":[\(rect.x),\(rect.y),\(rect.width),\(rect.height)],"
            + "\"renderMs\":\(X11Desktop.milliseconds(started, rendered)),\"startedNs\":\(started.uptimeNanoseconds)\(event)"
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
