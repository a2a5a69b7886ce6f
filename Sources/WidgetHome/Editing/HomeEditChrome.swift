/// The controls edit mode adds over the home screen, as iOS places them: `+` (the gallery) at the
/// top-left, Done at the top-right, and a grey "minus" badge at each widget's top-left corner.
/// One set of rectangles, in points from the output's top-left, that the drawing code draws and
/// the hit testing tests, so what is drawn is what is hit.
public struct HomeEditChrome: Sendable, Hashable {
    /// iOS's remove badge: a circle this wide, centred on the widget's top-left corner.
    public static let badgeDiameter = 22.0
    /// The `+` button: a circle, and Done: a capsule, both this tall.
    public static let buttonHeight = 28.0
    public static let doneWidth = 64.0

    /// What a point in edit mode lands on, badges and buttons before the tiles under them.
    public enum Target: Sendable, Hashable {
        case add
        case done
        case removeBadge(instance: String)
        case tile(String)
    }

    /// A tile's remove badge.
    public struct Badge: Sendable, Hashable {
        public let instance: String
        public let frame: Rect
    }

    public let add: Rect
    public let done: Rect
    /// Each tile's badge on the page shown, in the tiles' drawing order.
    public let badges: [Badge]
    /// The tiles under the chrome, hit in their drawing order.
    private let tiles: [HomeArrangement.Tile]

    /// The chrome over `page` of `arrangement` (what is drawn: the drag's preview while dragging),
    /// leaving out the badge of the tile being dragged.
    public init(arrangement: HomeArrangement, page: Int, dragging: String? = nil) {
        // The buttons sit in the top margin, above the accessory row and the grid, centred in it.
        let top = ((HomeGrid.margin - Self.buttonHeight) / 2).rounded(.down)
        add = Rect(x: HomeGrid.margin, y: top, width: Self.buttonHeight, height: Self.buttonHeight)
        done = Rect(
            x: arrangement.grid.width - HomeGrid.margin - Self.doneWidth, y: top,
            width: Self.doneWidth, height: Self.buttonHeight)
        let radius = Self.badgeDiameter / 2
        tiles = arrangement.tiles(onPage: page).filter { $0.id != dragging }
        badges = tiles.map { tile in
            Badge(
                instance: tile.id,
                frame: Rect(x: tile.frame.minX - radius, y: tile.frame.minY - radius, width: Self.badgeDiameter, height: Self.badgeDiameter))
        }
    }

    /// The control or tile at `point`: the buttons first, then the badges (drawn over their
    /// neighbours, the last drawn first), then the topmost tile.
    public func target(at point: Point) -> Target? {
        if done.contains(point) { return .done }
        if add.contains(point) { return .add }
        if let badge = badges.last(where: { $0.frame.contains(point) }) { return .removeBadge(instance: badge.instance) }
        if let tile = tiles.last(where: { $0.frame.contains(point) }) { return .tile(tile.id) }
        return nil
    }
}
