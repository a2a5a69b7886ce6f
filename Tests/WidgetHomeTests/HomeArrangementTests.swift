import Testing
import WidgetHome
import WidgetPayload

/// The home screen's grid and arrangement: iOS's cell sizes, the slots each family spans, where
/// placed and unplaced widgets go, and the pages they overflow to.
@Suite("Home screen arrangement")
struct HomeArrangementTests {
    @Test("Every system family fills its slot exactly, as on the iPhone whose sizes they are")
    func familiesFillTheirSlots() {
        let grid = HomeGrid(width: 1280, height: 720, hasAccessoryRow: false)
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
            let span = try! #require(HomeGrid.span(of: family))
            let slot = grid.slotFrame(column: 0, row: 0, span: span)
            #expect(slot.width == family.defaultDisplaySize.width, "\(family)")
            #expect(slot.height == family.defaultDisplaySize.height, "\(family)")
        }
        #expect(HomeGrid.span(of: .accessoryCircular) == nil)
    }

    @Test("A 1280×720 output has 12 columns and 6 rows, centred across, from the margin down")
    func gridOfAnOutput() {
        let grid = HomeGrid(width: 1280, height: 720, hasAccessoryRow: false)
        #expect(grid.columns == 12)
        #expect(grid.rows == 6)
        let used = 12 * HomeGrid.cellWidth + 11 * HomeGrid.columnGap
        #expect(grid.origin.x == ((1280 - used) / 2).rounded(.down))
        #expect(grid.origin.y == HomeGrid.margin)
        #expect(grid.cell(at: Point(x: grid.origin.x + 1, y: grid.origin.y + 1)) ?? (-1, -1) == (0, 0))
        #expect(grid.cell(at: Point(x: 0, y: 0)) == nil)
        // The accessory row takes room from the cells.
        #expect(HomeGrid(width: 1280, height: 720, hasAccessoryRow: true).rows == 5)
    }

    @Test("Unplaced widgets take the first free slot across then down, in the order given")
    func firstFreeSlots() {
        let arrangement = HomeArrangement(items: [
            item("a", .systemMedium), item("b", .systemSmall), item("c", .systemLarge),
        ], width: 600, height: 900)
        // 600 points: 5 columns. The medium takes columns 0–3, the small fits no more on row 0.
        #expect(arrangement.grid.columns == 5)
        #expect(cells(arrangement) == ["a": [0, 0, 0], "b": [0, 0, 2], "c": [0, 0, 4]])
    }

    @Test("A placed widget keeps its cell; the newest placement wins a contested slot")
    func placementsAndContests() {
        let arrangement = HomeArrangement(items: [
            item("newer", .systemSmall, placed: (0, 2, 0)),
            item("older", .systemSmall, placed: (0, 2, 0)),
            item("free", .systemSmall),
        ], width: 800, height: 600)
        #expect(cells(arrangement)["newer"] == [0, 2, 0])
        // The loser goes to the first free slot from its page on; the unplaced one after it.
        #expect(cells(arrangement)["older"] == [0, 0, 0])
        #expect(cells(arrangement)["free"] == [0, 4, 0])
    }

    @Test("A slot outside the grid, or a full page, sends the widget to the next page")
    func overflowToPages() {
        let items = (0..<7).map { item("s\($0)", .systemSmall) } + [item("far", .systemSmall, placed: (0, 40, 40))]
        // 400×500 points: 3 columns, 4 rows: two smalls a page.
        let arrangement = HomeArrangement(items: items, width: 400, height: 500)
        #expect(arrangement.grid.columns == 3 && arrangement.grid.rows == 4)
        #expect(arrangement.pageCount == 4)
        #expect(arrangement.tiles(onPage: 0).count == 2)
        #expect(arrangement.tiles(onPage: 3).map(\.id) == ["s6", "far"].filter { id in arrangement.tiles(onPage: 3).contains { $0.id == id } })
        #expect(arrangement.tiles.count == 8)
    }

    @Test("A widget larger than the whole grid is unplaceable there, not lost from the others")
    func unplaceable() {
        let arrangement = HomeArrangement(items: [item("large", .systemLarge), item("small", .systemSmall)], width: 300, height: 400)
        #expect(arrangement.unplaceable == ["large"])
        #expect(arrangement.tiles.map(\.id) == ["small"])
    }

    @Test("Accessory widgets sit in their own row above the cells, left to right, a new page when full")
    func accessoryRow() {
        let arrangement = HomeArrangement(items: [
            item("rect", .accessoryRectangular), item("circle", .accessoryCircular), item("inline", .accessoryInline),
            item("small", .systemSmall),
        ], width: 500, height: 600)
        let byID = Dictionary(uniqueKeysWithValues: arrangement.tiles.map { ($0.id, $0) })
        #expect(byID["rect"]?.frame.minY == HomeGrid.margin)
        #expect(byID["circle"].map { $0.frame.minX > byID["rect"]!.frame.maxX } == true)
        // 172 + 12 + 76 leaves no room for 257 points in 500 − 2 × 33.
        #expect(byID["inline"]?.page == 1)
        #expect(byID["small"].map { $0.frame.minY > byID["rect"]!.frame.maxY } == true)
        #expect(byID["small"]?.column == 0)
    }

    @Test("A tap finds the topmost tile under the point, on the page shown")
    func tileAtPoint() {
        let arrangement = HomeArrangement(items: [item("a", .systemSmall), item("b", .systemSmall)], width: 800, height: 600)
        let b = try! #require(arrangement.tiles.first { $0.id == "b" })
        #expect(arrangement.tile(at: Point(x: b.frame.minX + 5, y: b.frame.minY + 5), onPage: 0)?.id == "b")
        #expect(arrangement.tile(at: Point(x: b.frame.minX + 5, y: b.frame.minY + 5), onPage: 1) == nil)
        #expect(arrangement.tile(at: Point(x: 1, y: 1), onPage: 0) == nil)
    }

    private func item(_ id: String, _ family: WidgetFamily, placed: (page: Int, column: Int, row: Int)? = nil) -> HomeItem {
        HomeItem(id: id, family: family, placement: placed.map { HomeItem.Placement(page: $0.page, column: $0.column, row: $0.row) })
    }

    /// Each system tile's page, column and row.
    private func cells(_ arrangement: HomeArrangement) -> [String: [Int]] {
        Dictionary(uniqueKeysWithValues: arrangement.tiles.compactMap { tile in
            tile.column.map { (tile.id, [tile.page, $0, tile.row ?? -1]) }
        })
    }
}
