import WidgetPayload

/// A widget being dragged in edit mode: which, where it came from, where the pointer is, what a
/// drop there would do, and the arrangement the grid shows meanwhile.
public struct HomeDrag: Sendable, Hashable {
    /// How long the dragged widget is held at the left or right edge before the page turns.
    public static let edgeDwell = 0.6
    /// How near the output's left or right edge (points) the pointer turns the page.
    public static let edgeWidth = 44.0

    /// What letting go would do.
    public enum Target: Sendable, Hashable {
        /// Move the widget to this cell; the grid makes room.
        case cell(HomeItem.Placement)
        /// Make a stack with this widget of the same family.
        case stack(onto: String)
        /// Outside the grid: the widget goes back where it was, nothing changes.
        case outside
    }

    public enum Edge: Sendable, Hashable {
        case left, right
    }

    /// The pointer held at an edge since a time.
    public struct EdgeHold: Sendable, Hashable {
        public let edge: Edge
        public let since: Double

        /// When the page turns if the pointer stays.
        public var deadline: Double { since + HomeDrag.edgeDwell }
    }

    public let instance: String
    public let family: WidgetFamily
    /// Its cell when it was picked up (or at the last reload).
    public internal(set) var origin: HomeItem.Placement
    public internal(set) var pointer: Point
    public internal(set) var target: Target
    /// The grid as a drop on `target` would leave it; the committed arrangement otherwise.
    public internal(set) var preview: HomeArrangement
    /// The edge the pointer is held at, and since when.
    public internal(set) var edgeHold: EdgeHold?
    /// The pointer's offset from the widget's drawn frame, and the frame's from its slot.
    let grab: Point
    let frameInSlot: Point
    let frameSize: Size
    let slotSize: Size

    /// Where the dragged widget is drawn: under the pointer, held where it was grabbed.
    public var frame: Rect {
        Rect(origin: Point(x: pointer.x - grab.x, y: pointer.y - grab.y), size: frameSize)
    }

    /// The slot the dragged widget covers, for finding its cell and what it is over.
    var slot: Rect {
        Rect(origin: Point(x: frame.minX - frameInSlot.x, y: frame.minY - frameInSlot.y), size: slotSize)
    }

    init(tile: HomeArrangement.Tile, at pointer: Point, arrangement: HomeArrangement) {
        instance = tile.id
        family = tile.family
        origin = tile.gridPlacement!
        self.pointer = pointer
        target = .cell(origin)
        preview = arrangement
        grab = Point(x: pointer.x - tile.frame.minX, y: pointer.y - tile.frame.minY)
        frameInSlot = Point(x: tile.frame.minX - tile.slot.minX, y: tile.frame.minY - tile.slot.minY)
        frameSize = tile.frame.size
        slotSize = tile.slot.size
    }
}

extension HomeEditor {
    /// Picks up the grid widget under `point` on the page shown; edit mode comes with it.
    mutating func beginDrag(at point: Point, time: Double) -> Bool {
        guard drag == nil, let tile = arrangement.tile(at: point, onPage: page), tile.column != nil else { return false }
        enterEditing()
        drag = HomeDrag(tile: tile, at: point, arrangement: arrangement)
        retarget(time: time)
        return true
    }

    mutating func moveDrag(to point: Point, time: Double) -> Bool {
        guard drag != nil else { return false }
        drag!.pointer = point
        retarget(time: time)
        return true
    }

    /// Lets go: the change the drop makes, if any. The committed arrangement takes the preview at
    /// once, so the grid does not jump back while the store's reload comes.
    mutating func endDrag(at point: Point, time: Double) -> HomeEditorEffect? {
        guard moveDrag(to: point, time: time), let drag else { return nil }
        self.drag = nil
        switch drag.target {
        case .outside:
            page = min(page, arrangement.pageCount - 1)
            return .redraw
        case .stack(let onto):
            return .change(.stack(dropped: drag.instance, onto: onto))
        case .cell(let placement):
            let entries = arrangement.placements(keeping: drag.preview, items: items, moved: drag.instance)
            guard !entries.isEmpty else {
                page = min(page, arrangement.pageCount - 1)
                return .redraw
            }
            items = arrangement.itemsMovingTile(drag.instance, to: placement, items: items)
            arrangement = drag.preview
            return .change(.place(entries))
        }
    }

    /// The dragged widget held at an edge long enough turns the page (once each dwell), up to one
    /// page after the last, where it may start a new one.
    mutating func turnPageAtEdge(now: Double) -> Bool {
        guard let hold = drag?.edgeHold, now >= hold.deadline else { return false }
        page += hold.edge == .left ? -1 : 1
        drag!.edgeHold = nil
        retarget(time: now)
        return true
    }

    /// Works out the drop target, the preview and the edge hold from the pointer and the page.
    /// The preview is arranged again only when the target changes (or the layout did), so a
    /// frame of a drag across one cell costs no arrangement.
    mutating func retarget(time: Double?, layoutChanged: Bool = false) {
        guard var drag else { return }
        let previousTarget = drag.target
        let grid = arrangement.grid
        let span = HomeGrid.span(of: drag.family)!
        let cells = grid.slotFrame(column: 0, row: 0, span: (grid.columns, grid.rows))
        let slot = drag.slot
        let centre = Point(x: slot.minX + slot.width / 2, y: slot.minY + slot.height / 2)
        if !cells.contains(drag.pointer) {
            drag.target = .outside
        } else if let host = arrangement.tiles(onPage: page).first(where: { tile in
            // Over the middle of a widget of its family: a stack, as iOS makes one.
            tile.id != drag.instance && tile.family == drag.family
                && tile.slot.insetBy(dx: tile.slot.width / 4, dy: tile.slot.height / 4).contains(centre)
        }) {
            drag.target = .stack(onto: host.id)
        } else {
            let column = Int(((slot.minX - grid.origin.x) / (HomeGrid.cellWidth + HomeGrid.columnGap)).rounded())
            let row = Int(((slot.minY - grid.origin.y) / (HomeGrid.cellHeight + HomeGrid.rowGap)).rounded())
            drag.target = .cell(HomeItem.Placement(
                page: page, column: min(max(column, 0), grid.columns - span.columns), row: min(max(row, 0), grid.rows - span.rows)))
        }
        switch drag.target {
        case .cell(let placement) where layoutChanged || drag.target != previousTarget:
            drag.preview = arrangement.movingTile(drag.instance, to: placement, items: items)
        case .cell:
            break  // the same cell as before: the same preview
        case .stack, .outside:
            drag.preview = arrangement
        }
        if let time { drag.edgeHold = edgeHold(for: drag, time: time) }
        self.drag = drag
    }

    private func edgeHold(for drag: HomeDrag, time: Double) -> HomeDrag.EdgeHold? {
        let edge: HomeDrag.Edge
        if drag.pointer.x < HomeDrag.edgeWidth, page > 0 {
            edge = .left
        } else if drag.pointer.x >= arrangement.grid.width - HomeDrag.edgeWidth, page < arrangement.pageCount {
            edge = .right
        } else {
            return nil
        }
        if let hold = drag.edgeHold, hold.edge == edge { return hold }
        return HomeDrag.EdgeHold(edge: edge, since: time)
    }
}

extension Rect {
    func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(width - 2 * dx, 0), height: max(height - 2 * dy, 0))
    }
}
