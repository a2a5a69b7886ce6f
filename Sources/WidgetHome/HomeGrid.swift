import WidgetGeometry
import WidgetPayload

/// The home screen's grid on one output, as iOS lays out its home screen: cells of a fixed size
/// with a fixed gap between them, a small widget 2×2 cells, medium 4×2, large 4×4, extra large 8×4,
/// and the accessory families in a row of their own above the grid.
///
/// The sizes are an iPhone's (6.7-inch, whose widgets are the families' default sizes): from
/// small 170 × 170, medium 364 × 170 and large 364 × 382 points, a cell is 73 × 64 points with
/// gaps of 24 across and 42 down, so that every family fills its slot exactly. The margins are
/// that iPhone's side margin, 33 points. A larger output gets more cells, not larger ones, as an
/// iPad's home screen does; the output's scale makes them sharp.
public struct HomeGrid: Sendable, Hashable {
    public static let cellWidth = 73.0
    public static let cellHeight = 64.0
    public static let columnGap = 24.0
    public static let rowGap = 42.0
    public static let margin = 33.0
    /// Between two accessory widgets in their row, as on the Lock Screen.
    public static let accessoryGap = 12.0

    /// The output's size in points (pixels divided by its scale).
    public let width: Double
    public let height: Double
    /// Whether the accessory row is shown above the cells (some accessory widget is on this
    /// output); it takes the grid's first rows' room.
    public let hasAccessoryRow: Bool
    public let columns: Int
    public let rows: Int
    /// Where the first cell's top-left corner is, in points from the output's.
    public let origin: Point

    public init(width: Double, height: Double, hasAccessoryRow: Bool) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        self.hasAccessoryRow = hasAccessoryRow
        let accessoryHeight = hasAccessoryRow ? WidgetFamily.accessoryRectangular.defaultDisplaySize.height + Self.rowGap : 0
        let columns = Int(((self.width - 2 * Self.margin + Self.columnGap) / (Self.cellWidth + Self.columnGap)).rounded(.down))
        let rows = Int(((self.height - 2 * Self.margin - accessoryHeight + Self.rowGap) / (Self.cellHeight + Self.rowGap)).rounded(.down))
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        // Centred across, as iOS centres its icons; from the top down.
        let used = Double(self.columns) * Self.cellWidth + Double(max(self.columns - 1, 0)) * Self.columnGap
        origin = Point(x: ((self.width - used) / 2).rounded(.down), y: Self.margin + accessoryHeight)
    }

    /// The cells a family's slot spans, columns × rows; nil for the accessory families, which sit
    /// in the accessory row instead.
    public static func span(of family: WidgetFamily) -> (columns: Int, rows: Int)? {
        switch family {
        case .systemSmall: (2, 2)
        case .systemMedium: (4, 2)
        case .systemLarge: (4, 4)
        case .systemExtraLarge: (8, 4)
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: nil
        }
    }

    /// The frame, in points, of a slot whose top-left cell is (column, row) spanning `span`.
    public func slotFrame(column: Int, row: Int, span: (columns: Int, rows: Int)) -> Rect {
        Rect(
            x: origin.x + Double(column) * (Self.cellWidth + Self.columnGap),
            y: origin.y + Double(row) * (Self.cellHeight + Self.rowGap),
            width: Double(span.columns) * Self.cellWidth + Double(span.columns - 1) * Self.columnGap,
            height: Double(span.rows) * Self.cellHeight + Double(span.rows - 1) * Self.rowGap)
    }

    /// The cell under a point, if any: what a drop on the home screen lands on.
    public func cell(at point: Point) -> (column: Int, row: Int)? {
        let column = Int(((point.x - origin.x) / (Self.cellWidth + Self.columnGap)).rounded(.down))
        let row = Int(((point.y - origin.y) / (Self.cellHeight + Self.rowGap)).rounded(.down))
        guard point.x >= origin.x, point.y >= origin.y, column < columns, row < rows else { return nil }
        return (column, row)
    }
}
