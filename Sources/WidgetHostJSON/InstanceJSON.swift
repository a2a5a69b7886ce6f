import WidgetHostCore
import WidgetPayload
import WidgetStoreModel

/// An instance as the CLI prints and the server serves it: `{"id", "kind", "family", "configuration"}`.
public struct InstanceJSON: Encodable, Sendable {
    public let id: String
    public let kind: String
    public let family: String
    public let configuration: [String: JSONValue]
    public let createdAt: String
    /// Whether a loaded bundle declares the kind in that family, as the last `run` or `refresh`
    /// recorded; absent when no catalog was ever recorded.
    public let available: Bool?

    public init(_ instance: WidgetInstance, available: Bool? = nil) {
        id = instance.id.rawValue
        kind = instance.kind
        family = instance.family.rawValue
        configuration = instance.configuration
        createdAt = instance.createdAt.isoString
        self.available = available
    }
}
