import WidgetPayload

extension HomeArrangement {
    /// Where a new widget of `family` would go: the first free slot reading across then down,
    /// from `page` on, a page after the last when every page is full, as the arrangement flows an
    /// unplaced widget. For an accessory family, the end of its row on `page` (`column` orders
    /// the row). Nil when the family's slot is larger than the whole grid.
    public func firstFreeSlot(for family: WidgetFamily, fromPage page: Int) -> HomeItem.Placement? {
        let page = max(page, 0)
        guard let span = HomeGrid.span(of: family) else {
            let inRow = tiles.filter { $0.page == page && $0.column == nil }.count
            return HomeItem.Placement(page: page, column: inRow, row: 0)
        }
        guard span.columns <= grid.columns, span.rows <= grid.rows else { return nil }
        for candidate in page..<max(pageCount, page + 1) {
            let taken = takenCells(onPage: candidate)
            for row in 0...(grid.rows - span.rows) {
                for column in 0...(grid.columns - span.columns)
                where taken.isDisjoint(with: cells(column: column, row: row, span: span)) {
                    return HomeItem.Placement(page: candidate, column: column, row: row)
                }
            }
        }
        return HomeItem.Placement(page: max(pageCount, page + 1), column: 0, row: 0)
    }

    /// The cells (row × columns + column) the grid's tiles cover on `page`.
    private func takenCells(onPage page: Int) -> Set<Int> {
        var taken = Set<Int>()
        for tile in tiles where tile.page == page {
            guard let column = tile.column, let row = tile.row, let span = HomeGrid.span(of: tile.family) else { continue }
            taken.formUnion(cells(column: column, row: row, span: span))
        }
        return taken
    }

    private func cells(column: Int, row: Int, span: (columns: Int, rows: Int)) -> Set<Int> {
        var cells = Set<Int>()
        for r in row..<(row + span.rows) {
            for c in column..<(column + span.columns) { cells.insert(r * grid.columns + c) }
        }
        return cells
    }
}
