import Foundation
import WidgetPayload

/// One widget a user added: a kind shown in a family with a configuration, under an id that is
/// never reused (adding the same widget again gives a new one), as WidgetKit's `WidgetInfo`.
public struct WidgetInstance: Sendable, Hashable, Codable {
    public let id: WidgetInstanceID
    public let kind: String
    public let family: WidgetFamily
    /// Parameter name to value, in the wire form of `docs/configuration.md`; a parameter left
    /// out keeps its default.
    public var configuration: [String: JSONValue]
    public let createdAt: Date
    public var updatedAt: Date

    public init(
        id: WidgetInstanceID, kind: String, family: WidgetFamily, configuration: [String: JSONValue],
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.family = family
        self.configuration = configuration
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// An instance's id: `w` and 10 random letters and digits.
public struct WidgetInstanceID: StoreMadeID {
    public static let letter = "w"
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
}
