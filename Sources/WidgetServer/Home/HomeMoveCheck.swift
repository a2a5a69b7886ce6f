import WidgetHome
import WidgetPayload
import WidgetStoreModel

/// Whether a drop (`POST /v1/home/moves`) can be made on one output's arrangement: the widget
/// must be a tile of this home screen's grid, and its slot must fit the grid where it is dropped.
/// Each refusal says which widget and why, so the person (or the page's toast) knows what to do:
/// 422 when the drop itself cannot be (no cell for it there, or none for its family at all), 409
/// when the widget is fine but lives on another output's home screen, where the move would apply.
struct HomeMoveCheck {
    let arrangement: HomeArrangement
    let output: String

    /// The tile that moves when `instance` is dropped at the cell: its own, or its Smart Stack's.
    func tile(of instance: WidgetInstance, page: Int, column: Int, row: Int) throws(APIError) -> HomeArrangement.Tile {
        let id = instance.id.rawValue
        guard let span = HomeGrid.span(of: instance.family) else {
            throw APIError(.unprocessableContent, code: "notInTheGrid", """
                instance \(id) is \(instance.family.rawValue): the accessory families sit in their own row above the grid, \
                in no cell, so it cannot be dropped at one
                """)
        }
        if arrangement.unplaceable.contains(id) {
            throw APIError(.unprocessableContent, code: "notInTheGrid", """
                instance \(id) (\(instance.family.rawValue), \(span.columns) × \(span.rows) cells) is larger than this screen's grid \
                of \(grid) cells
                """)
        }
        guard let tile = arrangement.tiles.first(where: { $0.id == id || $0.stack?.members.contains(id) == true }) else {
            throw APIError(.conflict, code: "notOnThisOutput", """
                instance \(id) is placed on another output's home screen, not on \(output)'s; name that output in `output`, \
                or put it here with PUT /v1/home/placements/\(id)
                """)
        }
        let fits = column + span.columns <= arrangement.grid.columns && row + span.rows <= arrangement.grid.rows
        // A drop may open one page after the last, as dragging to the last page's edge does.
        guard fits, page <= arrangement.pageCount else {
            let lastColumn = arrangement.grid.columns - span.columns, lastRow = arrangement.grid.rows - span.rows
            throw APIError(.unprocessableContent, code: "outsideTheGrid", """
                instance \(id) (\(instance.family.rawValue), \(span.columns) × \(span.rows) cells) dropped at page \(page), \
                column \(column), row \(row) is outside the grid: this screen has \(grid) cells on \(arrangement.pageCount) \
                page(s), so its slot can start at columns 0 to \(lastColumn), rows 0 to \(lastRow), pages 0 to \(arrangement.pageCount)
                """)
        }
        return tile
    }

    /// "10 × 7": columns × rows.
    private var grid: String { "\(arrangement.grid.columns) × \(arrangement.grid.rows)" }
}
