import Foundation
import WidgetHome
import WidgetHostJSON
import WidgetRender
import WidgetStore

/// `GET /v1/home`: the grid, and where each widget is drawn on which page, in points from the
/// screen's top-left corner. The tiles are `widgethost home list --format json`'s, with frames as
/// objects and each tile's slot (the cells it spans) beside the frame it is drawn in.
struct HomeLayoutShape: Encodable {
    struct PointShape: Encodable { let x: Double, y: Double }

    struct GridShape: Encodable {
        let origin: PointShape
        let cellWidth: Double
        let cellHeight: Double
        let columnGap: Double
        let rowGap: Double
        /// Whether the accessory families' row sits above the cells.
        let accessoryRow: Bool
    }

    struct TileShape: Encodable {
        let id: String
        /// nil only if the instance vanished between two reads of the store.
        let kind: String?
        let family: String
        let page: Int
        /// The slot's top-left cell; null for an accessory family (in the accessory row).
        let column: Int?
        let row: Int?
        /// Whether the user chose the cell, rather than the widget taking the first free one.
        let placed: Bool
        /// Whether a loaded bundle declares the kind (else its image cannot be drawn).
        let available: Bool
        let frame: RegionsShape.FrameShape
        let slot: RegionsShape.FrameShape

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(kind, forKey: .kind)
            try container.encode(family, forKey: .family)
            try container.encode(page, forKey: .page)
            // Written as null, not left out: the page reads them as it reads every other field.
            try container.encode(column, forKey: .column)
            try container.encode(row, forKey: .row)
            try container.encode(placed, forKey: .placed)
            try container.encode(available, forKey: .available)
            try container.encode(frame, forKey: .frame)
            try container.encode(slot, forKey: .slot)
        }

        private enum CodingKeys: String, CodingKey { case id, kind, family, page, column, row, placed, available, frame, slot }
    }

    let width: Double
    let height: Double
    let output: String
    let columns: Int
    let rows: Int
    let pages: Int
    let grid: GridShape
    let tiles: [TileShape]
    /// Widgets too large for this screen's grid.
    let unplaceable: [String]
    /// The newest event's id when the layout was read: open `/v1/events` after it to miss nothing.
    let lastEventId: UInt64

    init(
        arrangement: HomeArrangement, width: Double, height: Double, output: String, instances: [String: WidgetInstance],
        available: (String) -> Bool, placed: Set<String>, lastEventId: UInt64
    ) {
        self.width = width
        self.height = height
        self.output = output
        let grid = arrangement.grid
        columns = grid.columns
        rows = grid.rows
        pages = arrangement.pageCount
        self.grid = GridShape(
            origin: PointShape(x: grid.origin.x, y: grid.origin.y), cellWidth: HomeGrid.cellWidth, cellHeight: HomeGrid.cellHeight,
            columnGap: HomeGrid.columnGap, rowGap: HomeGrid.rowGap, accessoryRow: grid.hasAccessoryRow)
        tiles = arrangement.tiles.map { tile in
            let kind = instances[tile.id]?.kind
            return TileShape(
                id: tile.id, kind: kind, family: tile.family.rawValue, page: tile.page, column: tile.column, row: tile.row,
                placed: placed.contains(tile.id), available: kind.map(available) ?? false,
                frame: RegionsShape.FrameShape(tile.frame), slot: RegionsShape.FrameShape(tile.slot))
        }
        unplaceable = arrangement.unplaceable
        self.lastEventId = lastEventId
    }
}

/// `DELETE /v1/home/placements/{id}`: whether the instance had a place to forget.
struct HomeUnplacedShape: Encodable {
    let instance: String
    let removed: Bool
}
