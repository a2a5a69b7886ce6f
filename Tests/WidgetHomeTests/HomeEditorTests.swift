import Testing
import WidgetHome
import WidgetPayload

/// Edit mode on a 1280 × 720 output (12 × 6 cells of 97 × 106 points' pitch from (70, 33)):
/// entering and leaving it, drags with their preview, drops, stacks, the badges and buttons, the
/// context menu and the keyboard. Times are the test's own numbers.
@Suite("Home screen edit mode")
struct HomeEditorTests {
    @Test("A long press on empty space enters edit mode; Done, Escape or a tap on empty space leaves")
    func enterAndLeave() throws {
        var editor = editor([small("a", 0, 0)])
        #expect(editor.nextDeadline == nil)
        _ = editor.press(at: Point(x: 700, y: 500), time: 0)
        #expect(editor.nextDeadline == 0.5)
        #expect(editor.tick(now: 0.49) == [] && !editor.isEditing)
        #expect(editor.tick(now: 0.5) == [.redraw] && editor.isEditing)
        _ = editor.release(at: Point(x: 700, y: 500), time: 0.8)
        #expect(editor.nextDeadline == nil)

        let done = try #require(editor.chrome?.done)
        #expect(done.maxX == 1280 - HomeGrid.margin && editor.chrome?.add.minX == HomeGrid.margin)
        #expect(tap(&editor, at: centre(of: done)) == [.redraw] && !editor.isEditing && editor.chrome == nil)
        editor.enterEditing()
        #expect(tap(&editor, at: Point(x: 700, y: 500)) == [.redraw] && !editor.isEditing)
        editor.enterEditing()
        #expect(editor.key(.escape) == .redraw && !editor.isEditing)
    }

    @Test("Outside edit mode a tap on a widget is its own; in edit mode the badge asks to remove it and + opens the gallery")
    func tapsAndChrome() throws {
        var editor = editor([small("a", 0, 0), small("b", 0, 2)], configurable: ["b"])
        let b = try tile("b", in: editor)
        #expect(tap(&editor, at: centre(of: b.frame)) == [.tapWidget(instance: "b", at: centre(of: b.frame))])
        editor.enterEditing()
        let badge = try #require(editor.chrome?.badges.first { $0.instance == "b" })
        #expect(badge.frame.width == 22 && centre(of: badge.frame) == b.frame.origin)
        // As on iOS, the badge asks first: the alert, whose Cancel keeps the widget.
        #expect(tap(&editor, at: centre(of: badge.frame)) == [.redraw])
        #expect(editor.sheet == .confirmRemove(RemoveConfirmation(instance: "b", name: "Widget")))
        #expect(editor.key(.escape) == .redraw && editor.sheet == nil)
        #expect(tap(&editor, at: centre(of: try #require(editor.chrome?.add))) == [.change(.openGallery)])
        // A configurable widget opens Edit Widget, as on iOS; another does nothing.
        #expect(tap(&editor, at: centre(of: b.frame)) == [.change(.configure(instance: "b"))])
        #expect(tap(&editor, at: centre(of: try tile("a", in: editor).frame)) == [])
        #expect(editor.isEditing)
    }

    @Test("A right-click gives the menu: Edit Widget only on a configurable widget, Add Widget… on empty space")
    func contextMenu() throws {
        var editor = editor([small("a", 0, 0), small("b", 0, 2)], configurable: ["b"])
        _ = editor.secondaryClick(at: centre(of: try tile("a", in: editor).frame), time: 0)
        #expect(editor.menu?.items == [.editHomeScreen, .removeWidget(instance: "a")])
        _ = editor.secondaryClick(at: centre(of: try tile("b", in: editor).frame), time: 0)
        #expect(editor.menu?.items == [.editWidget(instance: "b"), .editHomeScreen, .removeWidget(instance: "b")])
        #expect(editor.menu?.items.map(\.title) == ["Edit Widget", "Edit Home Screen", "Remove Widget"])
        _ = editor.secondaryClick(at: Point(x: 1200, y: 700), time: 0)
        let menu = try #require(editor.menu)
        #expect(menu.items == [.editHomeScreen, .addWidget])
        #expect(menu.frame.maxX <= 1280 && menu.frame.maxY <= 720)
        // Its rows are what a tap hits.
        #expect(tap(&editor, at: centre(of: menu.rowFrame(at: 1))) == [.change(.openGallery)])
        #expect(editor.isEditing && editor.menu == nil)
    }

    @Test("A long press on a widget opens its menu; moving on picks it up in edit mode")
    func pressAndDrag() throws {
        var editor = editor([small("a", 0, 0)])
        let a = centre(of: try tile("a", in: editor).frame)
        _ = editor.press(at: a, time: 0)
        #expect(editor.tick(now: 0.5) == [.redraw])
        #expect(editor.menu?.instance == "a" && !editor.isEditing)
        #expect(editor.move(to: Point(x: a.x + 200, y: a.y), time: 0.7) == [.redraw, .redraw])
        #expect(editor.isEditing && editor.menu == nil && editor.drag?.instance == "a")
    }

    @Test("A drop makes room: the displaced widgets take the next free slots, none overlaps, none is lost, and the store's reload matches")
    func dropMakesRoom() throws {
        var editor = editor([small("a", 0, 0), small("b", 0, 2), medium("m", 0, 2)])
        editor.enterEditing()
        // Grab the medium 30 points in, drop it with its slot on the first cell.
        let m = try tile("m", in: editor)
        let grab = Point(x: m.slot.minX + 30, y: m.slot.minY + 55)
        let effects = drag(&editor, from: grab, to: Point(x: 70 + 30, y: 33 + 55))
        let entries = try #require(placements(in: effects))
        let expected = ["m": [0, 0, 0], "a": [0, 4, 0], "b": [0, 6, 0]]
        #expect(cells(editor.arrangement) == expected)
        #expect(entries.first?.instance == "m")
        #expect(Dictionary(uniqueKeysWithValues: entries.map { ($0.instance, [$0.page, $0.column, $0.row]) }) == expected)
        #expect(!overlaps(editor.arrangement) && editor.arrangement.tiles.count == 3)
        // Written as the newest placements, the layout read back is the one shown.
        let stored = entries.map { HomeItem(id: $0.instance, family: $0.instance == "m" ? .systemMedium : .systemSmall, placement: .init(page: $0.page, column: $0.column, row: $0.row)) }
        editor.reload(items: stored, width: 1280, height: 720)
        #expect(cells(editor.arrangement) == expected)
    }

    @Test("A drop also writes the widgets that only flowed into their slots, so none moves into the hole it leaves")
    func dropPinsFlowingWidgets() throws {
        // 400 × 500 points: 3 × 4 cells, two small widgets a page; "u" has no placement and flows
        // to page 1. Dragging "a" two pages on (the edge dwell twice) leaves a hole on page 0.
        let items = [small("a", 0, 0), small("b", 0, 0, row: 2), small("c", 1, 0), HomeItem(id: "u", family: .systemSmall, placement: nil)]
        var editor = HomeEditor(items: items, width: 400, height: 500)
        #expect(cells(editor.arrangement)["u"] == [1, 0, 2])
        editor.enterEditing()
        _ = editor.press(at: centre(of: try tile("a", in: editor).frame), time: 0)
        _ = editor.move(to: Point(x: 390, y: 200), time: 1)
        _ = editor.tick(now: 1.6)
        _ = editor.tick(now: 2.2)
        #expect(editor.page == 2)
        let entries = try #require(placements(in: editor.release(at: Point(x: 151, y: 118), time: 2.3)))
        let written = Dictionary(uniqueKeysWithValues: entries.map { ($0.instance, [$0.page, $0.column, $0.row]) })
        #expect(written == ["a": [2, 0, 0], "b": [0, 0, 2], "u": [1, 0, 2]])
        // The store holds the new placements (newest) and c's own: read back, nothing moved.
        let stored = entries.map { HomeItem(id: $0.instance, family: .systemSmall, placement: .init(page: $0.page, column: $0.column, row: $0.row)) }
            + [small("c", 1, 0)]
        let shown = cells(editor.arrangement)
        editor.reload(items: stored, width: 400, height: 500)
        #expect(cells(editor.arrangement) == shown && shown["a"] == [2, 0, 0])
    }

    @Test("While dragging, the preview makes room and the committed layout stays until the drop")
    func previewWhileDragging() throws {
        var editor = editor([small("a", 0, 0), medium("m", 0, 2)])
        editor.enterEditing()
        let m = try tile("m", in: editor)
        _ = editor.press(at: Point(x: m.slot.minX + 30, y: m.slot.minY + 55), time: 0)
        _ = editor.move(to: Point(x: 100, y: 88), time: 0.1)
        #expect(editor.drag?.target == .cell(.init(page: 0, column: 0, row: 0)))
        #expect(cells(editor.shown)["a"] == [0, 4, 0] && cells(editor.arrangement)["a"] == [0, 0, 0])
        #expect(editor.drag?.frame.origin == Point(x: 70, y: 33))
        #expect(editor.chrome?.badges.map(\.instance) == ["a"])
    }

    @Test("A drop outside the grid, or a drag cancelled, puts the widget back: nothing changes")
    func dropOutside() throws {
        var editor = editor([small("a", 0, 0), small("b", 0, 2)])
        editor.enterEditing()
        let before = editor.arrangement
        let effects = drag(&editor, from: centre(of: try tile("a", in: editor).frame), to: Point(x: 640, y: 710))
        #expect(effects.last == .redraw && placements(in: effects) == nil)
        #expect(editor.arrangement == before && editor.drag == nil && editor.shown == before)
        // So does a drag whose input is taken away, even on the page after the last.
        _ = editor.press(at: centre(of: try tile("a", in: editor).frame), time: 60)
        _ = editor.move(to: Point(x: 1270, y: 300), time: 60.1)
        _ = editor.tick(now: 60.7)
        #expect(editor.page == 1 && editor.drag?.target == .outside)
        #expect(editor.cancel(time: 60.8) == [.redraw])
        #expect(editor.arrangement == before && editor.drag == nil && editor.page == 0 && editor.nextDeadline == nil)
    }

    @Test("A drop on a widget of the same family proposes a stack; of another family, a move")
    func stacks() throws {
        var editor = editor([small("a", 0, 0), small("b", 0, 2), medium("m", 0, 2)])
        editor.enterEditing()
        let effects = drag(&editor, from: centre(of: try tile("a", in: editor).frame), to: centre(of: try tile("b", in: editor).frame))
        #expect(effects.last == .change(.stack(dropped: "a", onto: "b")))

        // The medium's middle over the small's: no stack, but a move, making room.
        let moved = drag(&editor, from: centre(of: try tile("m", in: editor).frame), to: centre(of: try tile("b", in: editor).frame))
        #expect(placements(in: moved)?.first == .init(instance: "m", page: 0, column: 1, row: 0))
    }

    @Test("A Smart Stack is dragged as one tile and keeps its members; a widget dropped on it joins it")
    func stacksMoveWhole() throws {
        let stack = HomeItem.Stack(id: "st", members: ["s1", "s2"], shown: "s2", smartRotate: true)
        var editor = editor([HomeItem(id: "s2", family: .systemSmall, placement: .init(page: 0, column: 0, row: 0), stack: stack), small("a", 0, 2)])
        editor.enterEditing()
        let s2 = try tile("s2", in: editor)
        _ = editor.press(at: centre(of: s2.frame), time: 0)
        _ = editor.move(to: Point(x: centre(of: s2.frame).x + 4 * 97, y: centre(of: s2.frame).y), time: 0.1)
        #expect(editor.drag?.target == .cell(.init(page: 0, column: 4, row: 0)))
        #expect(editor.shown.tiles.first { $0.id == "s2" }?.stack == stack)
        let entries = try #require(placements(in: editor.release(at: Point(x: centre(of: s2.frame).x + 4 * 97, y: centre(of: s2.frame).y), time: 0.2)))
        // The shown member names the stack; the store places its top member.
        #expect(entries.first == .init(instance: "s2", page: 0, column: 4, row: 0))
        #expect(editor.arrangement.tiles.first { $0.id == "s2" }?.stack == stack)
        let a = try tile("a", in: editor)
        let onStack = drag(&editor, from: centre(of: a.frame), to: centre(of: try tile("s2", in: editor).frame))
        #expect(onStack.last == .change(.stack(dropped: "a", onto: "s2")))
    }

    @Test("Held at the right edge for 0.6 s the page turns (once each dwell), and the drop lands there")
    func edgeDwellTurnsThePage() throws {
        var editor = editor([small("a", 0, 0), small("b", 0, 2)])
        editor.enterEditing()
        _ = editor.press(at: centre(of: try tile("a", in: editor).frame), time: 0)
        _ = editor.move(to: Point(x: 1270, y: 300), time: 1)
        #expect(editor.nextDeadline == 1.6)
        #expect(editor.tick(now: 1.59) == [] && editor.page == 0)
        #expect(editor.tick(now: 1.6) == [.redraw] && editor.page == 1)
        // A page after the last is as far as it goes.
        #expect(editor.tick(now: 2.3) == [] && editor.page == 1 && editor.nextDeadline == nil)
        let effects = editor.release(at: Point(x: 155, y: 118), time: 2.4)
        #expect(placements(in: effects)?.first == .init(instance: "a", page: 1, column: 0, row: 0))
        #expect(editor.arrangement.pageCount == 2 && editor.page == 1)
        // Back at the left edge, the page turns back after the dwell.
        _ = editor.press(at: Point(x: 155, y: 118), time: 3)
        _ = editor.move(to: Point(x: 10, y: 300), time: 3.1)
        #expect(editor.tick(now: 3.69) == [] && editor.tick(now: 3.7) == [.redraw] && editor.page == 0)
    }

    @Test("Tab goes through the page's widgets in reading order, then + and Done, and round; Escape leaves")
    func keyboardFocus() throws {
        var editor = editor([small("c", 0, 2, row: 2), small("b", 0, 2), small("a", 0, 0)], configurable: ["a"])
        editor.enterEditing()
        var visited: [HomeFocus] = []
        for _ in 0..<6 {
            #expect(editor.key(.tab) == .redraw)
            visited.append(try #require(editor.focus))
        }
        #expect(visited == [.tile("a"), .tile("b"), .tile("c"), .add, .done, .tile("a")])
        #expect(editor.key(.backTab) == .redraw && editor.focus == .done)
        #expect(editor.key(.enter) == .redraw && !editor.isEditing && editor.focus == nil)
        editor.enterEditing()
        _ = editor.key(.tab)
        #expect(editor.key(.arrow(.right)) == .redraw && editor.focus == .tile("b"))
        #expect(editor.key(.arrow(.down)) == .redraw && editor.focus == .tile("c"))
        #expect(editor.key(.arrow(.left)) == .redraw && editor.focus == .tile("a"))
        #expect(editor.key(.enter) == .change(.configure(instance: "a")))
        // Delete asks first, as the badge does; Escape closes the alert, then leaves edit mode.
        #expect(editor.key(.delete) == .redraw && editor.sheet?.focus == .close)
        #expect(editor.key(.escape) == .redraw && editor.sheet == nil && editor.isEditing)
        #expect(editor.key(.escape) == .redraw && !editor.isEditing && editor.focus == .tile("a"))
        #expect(editor.key(.escape) == .redraw && editor.focus == nil)
    }

    @Test("The focused widget keeps the focus across a reload; when it is gone, the one after it takes it")
    func focusSurvivesReload() throws {
        var editor = editor([small("a", 0, 0), small("b", 0, 2), small("c", 0, 4)])
        editor.enterEditing()
        _ = editor.key(.tab)
        _ = editor.key(.tab)
        #expect(editor.focus == .tile("b"))
        editor.reload(items: [small("b", 0, 0), small("a", 0, 2), small("c", 0, 4)], width: 1280, height: 720)
        #expect(editor.focus == .tile("b"))
        editor.reload(items: [small("a", 0, 2), small("c", 0, 4)], width: 1280, height: 720)
        #expect(editor.focus == .tile("a"))
    }

    @Test("The menu works by keyboard, and an arrow with a modifier moves the focused widget a slot")
    func keyboardMenuAndMove() throws {
        var editor = editor([small("a", 0, 0), small("b", 0, 2)])
        // With nothing focused, the Menu key gives the home screen's menu, though a widget is at its corner.
        #expect(editor.key(.menu) == .redraw && editor.menu?.items == [.editHomeScreen, .addWidget])
        #expect(editor.key(.escape) == .redraw && editor.menu == nil)
        _ = editor.key(.tab)
        #expect(editor.key(.enter) == .redraw && editor.menu?.instance == "a")
        _ = editor.key(.arrow(.down))
        #expect(editor.key(.enter) == .redraw && editor.isEditing)
        let moved = editor.key(.move(.right))
        #expect(moved == .change(.place([.init(instance: "a", page: 0, column: 2, row: 0), .init(instance: "b", page: 0, column: 0, row: 0)])))
        #expect(editor.focus == .tile("a"))
    }

    // MARK: Helpers

    private func editor(_ items: [HomeItem], configurable: Set<String> = []) -> HomeEditor {
        HomeEditor(items: items, width: 1280, height: 720, configurable: configurable)
    }

    private func small(_ id: String, _ page: Int, _ column: Int, row: Int = 0) -> HomeItem {
        HomeItem(id: id, family: .systemSmall, placement: .init(page: page, column: column, row: row))
    }

    private func medium(_ id: String, _ page: Int, _ row: Int) -> HomeItem {
        HomeItem(id: id, family: .systemMedium, placement: .init(page: page, column: 0, row: row))
    }

    private func tile(_ id: String, in editor: HomeEditor) throws -> HomeArrangement.Tile {
        try #require(editor.shown.tiles.first { $0.id == id })
    }

    private func centre(of rect: Rect) -> Point { Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2) }

    private func tap(_ editor: inout HomeEditor, at point: Point) -> [HomeEditorEffect] {
        _ = editor.press(at: point, time: 100)
        return editor.release(at: point, time: 100.1)
    }

    /// Press, move halfway, move there and let go, a tenth of a second apart.
    private func drag(_ editor: inout HomeEditor, from start: Point, to end: Point) -> [HomeEditorEffect] {
        _ = editor.press(at: start, time: 50)
        _ = editor.move(to: Point(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2), time: 50.1)
        _ = editor.move(to: end, time: 50.2)
        return editor.release(at: end, time: 50.3)
    }

    private func placements(in effects: [HomeEditorEffect]) -> [HomeLayoutChange.Placement]? {
        for case .change(.place(let entries)) in effects { return entries }
        return nil
    }

    private func cells(_ arrangement: HomeArrangement) -> [String: [Int]] {
        Dictionary(uniqueKeysWithValues: arrangement.tiles.compactMap { tile in tile.column.map { (tile.id, [tile.page, $0, tile.row ?? -1]) } })
    }

    private func overlaps(_ arrangement: HomeArrangement) -> Bool {
        let tiles = arrangement.tiles
        return tiles.indices.contains { i in
            tiles.indices.contains { j in
                i < j && tiles[i].page == tiles[j].page && tiles[i].slot.minX < tiles[j].slot.maxX && tiles[j].slot.minX < tiles[i].slot.maxX
                    && tiles[i].slot.minY < tiles[j].slot.maxY && tiles[j].slot.minY < tiles[i].slot.maxY
            }
        }
    }
}
