import Testing
import WidgetHome
import WidgetPayload

/// A drag let go outside the grid, every way out (above it in the margin, left or right of it,
/// below it, beyond the output itself): the widget snaps back and nothing is written, wherever the
/// drag passed on the way (a cell whose preview moved others, a widget it would stack on).
@Suite("Home screen edit mode: drops outside the grid")
struct HomeDragOutsideTests {
    private static let outside = [
        Point(x: 640, y: 5), Point(x: 10, y: 300), Point(x: 1275, y: 300), Point(x: 640, y: 715),
        Point(x: -40, y: -40), Point(x: 1400, y: 900),
    ]

    @Test("Let go outside, after passing over a cell or a widget of its family, the widget goes back", arguments: outside)
    func snapsBack(to point: Point) throws {
        var editor = HomeEditor(items: [small("a", 0), small("b", 2), small("c", 4)], width: 1280, height: 720, configurable: [])
        editor.enterEditing()
        let before = editor.arrangement
        let a = try #require(editor.arrangement.tiles.first { $0.id == "a" })
        let b = try #require(editor.arrangement.tiles.first { $0.id == "b" })
        let start = Point(x: a.frame.minX + a.frame.width / 2, y: a.frame.minY + a.frame.height / 2)
        _ = editor.press(at: start, time: 0)
        // Over b's middle (a stack), then a free cell down the grid (a move with a preview), then out.
        _ = editor.move(to: Point(x: b.frame.minX + b.frame.width / 2, y: b.frame.minY + b.frame.height / 2), time: 0.1)
        _ = editor.move(to: Point(x: start.x, y: start.y + 2 * 106), time: 0.2)
        _ = editor.move(to: point, time: 0.3)
        #expect(editor.drag?.target == .outside)
        let effects = editor.release(at: point, time: 0.4)
        #expect(effects == [.redraw], "no change proposed: \(effects)")
        #expect(editor.drag == nil && editor.arrangement == before && editor.shown == before)
        #expect(editor.page == 0)
    }

    private func small(_ id: String, _ column: Int) -> HomeItem {
        HomeItem(id: id, family: .systemSmall, placement: .init(page: 0, column: column, row: 0))
    }
}
