import WidgetHome
import WidgetHostCore
import WidgetStoreModel

/// The home screen arranged for one screen: what `widgethost home list --format json` prints and
/// `GET /v1/home` serves, one shape built by one initializer (docs/openapi.yaml, `HomeLayout`).
/// The grid, and where each widget is drawn on which page, in points from the screen's top-left
/// corner: each tile's `frame` (its family's size, centred in its slot) and `slot` (the cells it
/// spans), both `{x, y, width, height}`. A Smart Stack is one tile, its member on show, with the
/// stack in `stack`.
public struct HomeLayoutJSON: Encodable, Sendable, Equatable {
    public struct PointJSON: Encodable, Sendable, Equatable {
        public let x: Double
        public let y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    public struct FrameJSON: Encodable, Sendable, Equatable {
        public let x: Double
        public let y: Double
        public let width: Double
        public let height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    public struct GridJSON: Encodable, Sendable, Equatable {
        /// The first cell's top-left corner.
        public let origin: PointJSON
        public let cellWidth: Double
        public let cellHeight: Double
        public let columnGap: Double
        public let rowGap: Double
        /// Whether the accessory families' row sits above the cells.
        public let accessoryRow: Bool

        public init(origin: PointJSON, cellWidth: Double, cellHeight: Double, columnGap: Double, rowGap: Double, accessoryRow: Bool) {
            self.origin = origin
            self.cellWidth = cellWidth
            self.cellHeight = cellHeight
            self.columnGap = columnGap
            self.rowGap = rowGap
            self.accessoryRow = accessoryRow
        }
    }

    /// A Smart Stack a tile shows one member of: the home screen's own description of it.
    public typealias StackJSON = HomeItem.Stack

    public struct TileJSON: Encodable, Sendable, Equatable {
        /// The instance's id: for a stack, the member on show.
        public let id: String
        /// nil only if the instance vanished between two reads of the store.
        @ExplicitNull public private(set) var kind: String?
        public let family: String
        public let page: Int
        /// The slot's top-left cell; null for an accessory family (in the accessory row).
        @ExplicitNull public private(set) var column: Int?
        @ExplicitNull public private(set) var row: Int?
        /// Whether a placement chose the cell, rather than the widget taking the first free one
        /// (for a stack, its top member's placement, which is the stack's).
        public let placed: Bool
        /// Whether a loaded bundle declares the kind (else its image cannot be drawn).
        public let available: Bool
        public let frame: FrameJSON
        public let slot: FrameJSON
        /// The Smart Stack the tile shows one member of; null for a single widget.
        @ExplicitNull public private(set) var stack: StackJSON?

        init(
            id: String, kind: String?, family: String, page: Int, column: Int?, row: Int?, placed: Bool, available: Bool,
            frame: FrameJSON, slot: FrameJSON, stack: StackJSON?
        ) {
            self.id = id
            self.kind = kind
            self.family = family
            self.page = page
            self.column = column
            self.row = row
            self.placed = placed
            self.available = available
            self.frame = frame
            self.slot = slot
            self.stack = stack
        }
    }

    /// The screen's size in points.
    public let width: Double
    public let height: Double
    /// Whose placements apply: those for this output and those for every output. The server
    /// always names one (`browser` unless asked); `home list` without `--output` gives null (only
    /// the placements for every output apply).
    @ExplicitNull public private(set) var output: String?
    public let columns: Int
    public let rows: Int
    public let pages: Int
    public let grid: GridJSON
    /// Page by page, in drawing order.
    public let tiles: [TileJSON]
    /// The widgets too large for this screen's grid.
    public let unplaceable: [String]
    /// The server's newest event id when the layout was read (open `/v1/events` after it to miss
    /// nothing); absent from the CLI's, which has no event stream.
    public let lastEventId: UInt64?
    /// The layout's revision in the store (`SharedStore.homeLayoutRevision`), read before the
    /// layout: send it with a move (`POST /v1/home/moves`), which is refused with 409
    /// `layoutChanged` when another screen changed the layout since. Absent from the CLI's.
    public let revision: Int64?

    /// The layout of `arrangement`, made for a `width` × `height` screen from `instances` and
    /// `placements` (the store's) with `output`'s placements: a tile is `placed` when a placement
    /// for that output (or every output) chose its cell (a stack's: its top member's), and
    /// `available` when `isAvailable` says a loaded bundle declares its kind.
    public init(
        arrangement: HomeArrangement, width: Double, height: Double, output: String?, instances: [WidgetInstance],
        placements: [HomePlacement], isAvailable: (String) -> Bool, lastEventId: UInt64? = nil, revision: Int64? = nil
    ) {
        let kinds = Dictionary(instances.map { ($0.id.rawValue, $0.kind) }, uniquingKeysWith: { first, _ in first })
        let placed = Set(placements.filter { $0.applies(to: output) }.map(\.instance.rawValue))
        let grid = arrangement.grid
        self.width = width
        self.height = height
        self.output = output
        columns = grid.columns
        rows = grid.rows
        pages = arrangement.pageCount
        self.grid = GridJSON(
            origin: PointJSON(x: grid.origin.x, y: grid.origin.y), cellWidth: HomeGrid.cellWidth, cellHeight: HomeGrid.cellHeight,
            columnGap: HomeGrid.columnGap, rowGap: HomeGrid.rowGap, accessoryRow: grid.hasAccessoryRow)
        tiles = arrangement.tiles.map { tile in
            let kind = kinds[tile.id]
            return TileJSON(
                id: tile.id, kind: kind, family: tile.family.rawValue, page: tile.page, column: tile.column, row: tile.row,
                placed: placed.contains(tile.placementID), available: kind.map(isAvailable) ?? false, frame: FrameJSON(tile.frame),
                slot: FrameJSON(tile.slot), stack: tile.stack)
        }
        unplaceable = arrangement.unplaceable
        self.lastEventId = lastEventId
        self.revision = revision
    }
}

extension HomeLayoutJSON.FrameJSON {
    init(_ rect: Rect) {
        self.init(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
    }
}
