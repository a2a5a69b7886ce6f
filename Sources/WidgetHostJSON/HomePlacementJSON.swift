import WidgetHostCore

/// A home screen placement, as `widgethost home place --format json` prints it and
/// `PUT /v1/home/placements/{id}` answers: `output` null means every output.
public struct HomePlacementJSON: Encodable, Sendable {
    public let instance: String
    public let output: String?
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

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(instance, forKey: .instance)
        try container.encode(output, forKey: .output)  // null: every output
        try container.encode(page, forKey: .page)
        try container.encode(column, forKey: .column)
        try container.encode(row, forKey: .row)
        try container.encode(placedAt, forKey: .placedAt)
    }

    private enum CodingKeys: String, CodingKey { case instance, output, page, column, row, placedAt }
}
