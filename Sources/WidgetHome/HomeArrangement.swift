import WidgetGeometry
import WidgetPayload

/// One widget the home screen shows: an instance's id, its family, and where the user put it. A
/// Smart Stack is one item too: the member on show, with the stack described in `stack`.
public struct HomeItem: Sendable, Hashable {
    /// The instance drawn: for a stack, the member on show.
    public let id: String
    public let family: WidgetFamily
    /// The placement recorded for this output (or every output); nil to take the first free slot.
    /// For a stack, its top member's, which is the stack's.
    public let placement: Placement?
    /// The Smart Stack this item is, nil for a single widget.
    public let stack: Stack?

    public struct Placement: Sendable, Hashable {
        public let page: Int
        public let column: Int
        public let row: Int

        public init(page: Int, column: Int, row: Int) {
            self.page = page
            self.column = column
            self.row = row
        }
    }

    /// A Smart Stack as the home screen shows it: several widgets of one family in one slot, one
    /// at a time (`WidgetStoreModel.HomeStack`). Encoded as is in `GET /v1/home`'s tiles and by
    /// `home stack --format json`.
    public struct Stack: Sendable, Hashable, Encodable {
        public let id: String
        /// Every member's instance id, top first; the one shown among them.
        public let members: [String]
        /// The member on show: the one the person last swiped to, else the top.
        public let shown: String
        /// Whether the stack may bring forward its most relevant member by itself.
        public let smartRotate: Bool

        public init(id: String, members: [String], shown: String, smartRotate: Bool) {
            self.id = id
            self.members = members
            self.shown = shown
            self.smartRotate = smartRotate
        }
    }

    public init(id: String, family: WidgetFamily, placement: Placement?, stack: Stack? = nil) {
        self.id = id
        self.family = family
        self.placement = placement
        self.stack = stack
    }
}

/// Where each widget goes on one output's home screen: its pages, and on each the widgets'
/// frames, in points.
///
/// The rules, as iOS's home screen keeps them: a placed widget keeps its cell when the slot fits
/// the grid and is free; the newest placement wins a contested slot (`items` lists placements
/// newest first for that reason). Every other widget, in `items`' order, takes the first free slot
/// reading across then down, from its wished-for page on, and a widget that fits on no page
/// so far opens a new one. The accessory families fill their row left to right, a new page when
/// the row is full. A widget larger than the whole grid is `unplaceable` on this output. A Smart
/// Stack is one item, so one tile: its shown member's.
public struct HomeArrangement: Sendable, Hashable {
    public struct Tile: Sendable, Hashable {
        /// The instance drawn here: for a stack, the member on show.
        public let id: String
        public let family: WidgetFamily
        public let page: Int
        /// The top-left cell, and the cells spanned; nil for an accessory family.
        public let column: Int?
        public let row: Int?
        /// The slot, in points from the output's top-left corner.
        public let slot: Rect
        /// Where the widget is drawn: its family's size, centred in its slot.
        public let frame: Rect
        /// The Smart Stack this tile shows a member of; nil for a single widget.
        public private(set) var stack: HomeItem.Stack? = nil

        /// The instance whose placement puts this tile where it is: a stack's top member, else
        /// the tile's own.
        public var placementID: String { stack?.members.first ?? id }
    }

    public let grid: HomeGrid
    /// Every tile, page by page, in drawing order.
    public let tiles: [Tile]
    public let pageCount: Int
    public let unplaceable: [String]

    public func tiles(onPage page: Int) -> [Tile] { tiles.filter { $0.page == page } }

    /// The topmost tile under `point` on `page`.
    public func tile(at point: Point, onPage page: Int) -> Tile? {
        tiles.last { $0.page == page && $0.frame.contains(point) }
    }

    public init(items: [HomeItem], width: Double, height: Double) {
        let hasAccessories = items.contains { HomeGrid.span(of: $0.family) == nil }
        let grid = HomeGrid(width: width, height: height, hasAccessoryRow: hasAccessories)
        self.grid = grid
        var occupancy = Occupancy(columns: grid.columns, rows: grid.rows)
        var tiles: [Tile] = []
        var unplaceable: [String] = []
        var flowing: [(item: HomeItem, fromPage: Int)] = []  // in `items`' order

        // Placed widgets claim their slots first, in the order given (newest placement first).
        for item in items {
            guard let span = HomeGrid.span(of: item.family) else { continue }
            if let placement = item.placement,
                occupancy.claim(page: placement.page, column: placement.column, row: placement.row, span: span)
            {
                tiles.append(Self.tile(item, page: placement.page, column: placement.column, row: placement.row, span: span, grid: grid))
            } else {
                flowing.append((item, item.placement?.page ?? 0))
            }
        }
        // The rest: first free slot from the wished-for page on; no room anywhere opens a page.
        for (item, fromPage) in flowing {
            let span = HomeGrid.span(of: item.family)!
            guard span.columns <= grid.columns, span.rows <= grid.rows else {
                unplaceable.append(item.id)
                continue
            }
            let (page, column, row) = occupancy.firstFree(span: span, fromPage: fromPage)
            _ = occupancy.claim(page: page, column: column, row: row, span: span)
            tiles.append(Self.tile(item, page: page, column: column, row: row, span: span, grid: grid))
        }
        // Accessories: their row, ordered by the page and column they were put at, then as given.
        let accessories = items.enumerated()
            .filter { HomeGrid.span(of: $0.element.family) == nil }
            .sorted { lhs, rhs in
                let left = lhs.element.placement.map { ($0.page, $0.column) } ?? (Int.max, Int.max)
                let right = rhs.element.placement.map { ($0.page, $0.column) } ?? (Int.max, Int.max)
                return left != right ? left < right : lhs.offset < rhs.offset
            }
            .map(\.element)
        var page = 0, x = grid.origin.x
        let rowRight = grid.width - HomeGrid.margin
        for item in accessories {
            let size = item.family.defaultDisplaySize
            guard HomeGrid.margin + size.width <= rowRight else {
                unplaceable.append(item.id)
                continue
            }
            if let wished = item.placement?.page, wished > page {
                page = wished
                x = grid.origin.x
            }
            if x + size.width > rowRight {
                page += 1
                x = grid.origin.x
            }
            let frame = Rect(x: x, y: HomeGrid.margin, width: size.width, height: size.height)
            tiles.append(Tile(
                id: item.id, family: item.family, page: page, column: nil, row: nil, slot: frame, frame: frame, stack: item.stack))
            x += size.width + HomeGrid.accessoryGap
        }
        tiles.sort { ($0.page, $0.slot.minY, $0.slot.minX) < ($1.page, $1.slot.minY, $1.slot.minX) }
        self.tiles = tiles
        pageCount = max((tiles.map(\.page).max() ?? -1) + 1, 1)
        self.unplaceable = unplaceable
    }

    private static func tile(_ item: HomeItem, page: Int, column: Int, row: Int, span: (columns: Int, rows: Int), grid: HomeGrid) -> Tile {
        let slot = grid.slotFrame(column: column, row: row, span: span)
        let size = item.family.defaultDisplaySize
        let frame = Rect(
            x: (slot.minX + (slot.width - size.width) / 2).rounded(.down),
            y: (slot.minY + (slot.height - size.height) / 2).rounded(.down),
            width: size.width, height: size.height)
        return Tile(id: item.id, family: item.family, page: page, column: column, row: row, slot: slot, frame: frame, stack: item.stack)
    }
}

/// Which cells of which page are taken.
private struct Occupancy {
    let columns: Int
    let rows: Int
    private var taken: [Set<Int>] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Takes the slot if it lies inside the grid and is free.
    mutating func claim(page: Int, column: Int, row: Int, span: (columns: Int, rows: Int)) -> Bool {
        guard page >= 0, column >= 0, row >= 0, column + span.columns <= columns, row + span.rows <= rows,
            page < 10_000
        else { return false }
        while taken.count <= page { taken.append([]) }
        let cells = cells(column: column, row: row, span: span)
        guard taken[page].isDisjoint(with: cells) else { return false }
        taken[page].formUnion(cells)
        return true
    }

    /// The first free slot reading across then down, from `fromPage` on; a new page if need be.
    func firstFree(span: (columns: Int, rows: Int), fromPage: Int) -> (page: Int, column: Int, row: Int) {
        var page = max(min(fromPage, taken.count), 0)
        while true {
            let used = page < taken.count ? taken[page] : []
            for row in 0...(rows - span.rows) {
                for column in 0...(columns - span.columns)
                where used.isDisjoint(with: cells(column: column, row: row, span: span)) {
                    return (page, column, row)
                }
            }
            page += 1
        }
    }

    private func cells(column: Int, row: Int, span: (columns: Int, rows: Int)) -> Set<Int> {
        var cells = Set<Int>()
        for r in row..<(row + span.rows) {
            for c in column..<(column + span.columns) { cells.insert(r * columns + c) }
        }
        return cells
    }
}
