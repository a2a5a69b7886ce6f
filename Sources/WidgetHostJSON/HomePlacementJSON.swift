import WidgetHostCore
import WidgetStoreModel

/// A home screen placement, as `widgethost home place --format json` prints it and
/// `PUT /v1/home/placements/{id}` answers: `output` null means every output.
public struct HomePlacementJSON: Encodable, Sendable {
    public let instance: String
    /// null: every output.
    @ExplicitNull public private(set) var output: String?
    public let page: Int
    public let column: Int
    public let row: Int
    public let placedAt: String

    public init(_ placement: HomePlacement) {
        instance = placement.instance.rawValue
        output = placement.output
        page = placement.page
        column = placement.column
        row = placement.row
        placedAt = placement.placedAt.isoString
    }
}
