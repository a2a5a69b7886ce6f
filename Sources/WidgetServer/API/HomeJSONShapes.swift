import WidgetHome
import WidgetHostJSON
import WidgetRender

// `GET /v1/home` serves `HomeLayoutJSON` (WidgetHostJSON), the shape `widgethost home list
// --format json` prints too.

extension HomeLayoutJSON.Arrangement {
    /// The home screen's arrangement in plain numbers, for `HomeLayoutJSON`: here because this
    /// module links both WidgetHome and WidgetHostJSON (which does not link WidgetHome, nor the
    /// Cairo it draws with); public for the CLI's `home list`, so that both convert one way.
    public init(_ arrangement: HomeArrangement) {
        let grid = arrangement.grid
        self.init(
            grid: HomeLayoutJSON.GridJSON(
                origin: HomeLayoutJSON.PointJSON(x: grid.origin.x, y: grid.origin.y), cellWidth: HomeGrid.cellWidth,
                cellHeight: HomeGrid.cellHeight, columnGap: HomeGrid.columnGap, rowGap: HomeGrid.rowGap,
                accessoryRow: grid.hasAccessoryRow),
            columns: grid.columns, rows: grid.rows, pages: arrangement.pageCount,
            tiles: arrangement.tiles.map { tile in
                Tile(
                    id: tile.id, family: tile.family, page: tile.page, column: tile.column, row: tile.row,
                    frame: HomeLayoutJSON.FrameJSON(tile.frame), slot: HomeLayoutJSON.FrameJSON(tile.slot))
            },
            unplaceable: arrangement.unplaceable)
    }
}

extension HomeLayoutJSON.FrameJSON {
    init(_ rect: Rect) {
        self.init(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
    }
}

/// `DELETE /v1/home/placements/{id}`: whether the instance had a place to forget.
struct HomeUnplacedShape: Encodable {
    let instance: String
    let removed: Bool
}
