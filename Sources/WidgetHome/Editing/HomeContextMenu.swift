/// The menu a right-click (or a long press on a widget) opens, as iOS's context menu: on a widget,
/// Edit Widget (when it has something to configure), Edit Home Screen and Remove Widget; on empty
/// space, Edit Home Screen and Add Widget…. Its frame and rows are laid out here, so the drawing
/// and the hit testing agree.
public struct HomeContextMenu: Sendable, Hashable {
    public static let width = 250.0
    public static let rowHeight = 44.0

    public enum Item: Sendable, Hashable {
        case editWidget(instance: String)
        case editHomeScreen
        case removeWidget(instance: String)
        case addWidget

        /// The row's title, as iOS words it.
        public var title: String {
            switch self {
            case .editWidget: "Edit Widget"
            case .editHomeScreen: "Edit Home Screen"
            case .removeWidget: "Remove Widget"
            case .addWidget: "Add Widget…"
            }
        }

        /// Drawn in red, as iOS draws a destructive action.
        public var isDestructive: Bool {
            if case .removeWidget = self { return true }
            return false
        }
    }

    public let items: [Item]
    /// The widget the menu is about, if any.
    public let instance: String?
    /// The whole menu, kept inside the output.
    public let frame: Rect
    /// The row the keyboard is on; nil until an arrow key is pressed.
    public var highlighted: Int?

    /// The menu for a press at `anchor` on `instance` (nil: empty space) on a `width` × `height`
    /// output. In edit mode there is no Edit Home Screen to offer.
    public init(
        at anchor: Point, instance: String?, isConfigurable: Bool, isEditing: Bool, width: Double, height: Double
    ) {
        var items: [Item] = []
        if let instance, isConfigurable { items.append(.editWidget(instance: instance)) }
        if !isEditing { items.append(.editHomeScreen) }
        if let instance { items.append(.removeWidget(instance: instance)) } else { items.append(.addWidget) }
        self.items = items
        self.instance = instance
        let size = Size(width: Self.width, height: Self.rowHeight * Double(items.count))
        // Below and right of the point, moved back inside the output where it would leave it.
        let x = min(anchor.x, width - HomeGrid.margin - size.width)
        let y = min(anchor.y, height - HomeGrid.margin - size.height)
        frame = Rect(origin: Point(x: max(x, 0), y: max(y, 0)), size: size)
    }

    public func rowFrame(at index: Int) -> Rect {
        Rect(x: frame.minX, y: frame.minY + Double(index) * Self.rowHeight, width: frame.width, height: Self.rowHeight)
    }

    /// The item whose row is at `point`.
    public func item(at point: Point) -> Item? {
        items.indices.first { rowFrame(at: $0).contains(point) }.map { items[$0] }
    }

    /// Moves the keyboard's highlight by `delta` rows, wrapping; from none, to the first or last.
    public mutating func moveHighlight(by delta: Int) {
        guard !items.isEmpty else { return }
        guard let current = highlighted else {
            highlighted = delta > 0 ? 0 : items.count - 1
            return
        }
        highlighted = ((current + delta) % items.count + items.count) % items.count
    }
}
