import Foundation

/// Where a user put an instance on the home screen: a page and the top-left cell of the
/// widget's slot (column and row from 0), on one output or on every output. What the desktop and
/// the browser's home screen arrange from (`WidgetHome.HomeArrangement`); a slot that is taken or
/// does not fit the output's grid sends the widget to the next free slot, so a placement is a wish
/// the arrangement honours when it can.
public struct HomePlacement: Sendable, Hashable, Codable {
    public let instance: WidgetInstanceID
    /// The output's name (`DP-1`, `HEADLESS-1`, `browser`), or nil for every output.
    public var output: String?
    public var page: Int
    public var column: Int
    public var row: Int
    /// The newest placement wins a contested cell.
    public var placedAt: Date

    public init(instance: WidgetInstanceID, output: String?, page: Int, column: Int, row: Int, placedAt: Date) {
        self.instance = instance
        self.output = output
        self.page = page
        self.column = column
        self.row = row
        self.placedAt = placedAt
    }

    /// True when this placement applies on the output named `name`.
    public func applies(to name: String?) -> Bool {
        output == nil || output == name
    }
}
