import WidgetHostCore

/// One timeline the host keeps, as the CLI prints and the server serves it: `{"kind", "family",
/// "instance"}`, the instance only for a user-added widget. What a perform reloads is a list of these.
public struct TimelineKeyJSON: Encodable, Sendable, Hashable {
    public let kind: String
    public let family: String
    /// Left out for a kind's own widget (synthesized coding skips a nil).
    public let instance: String?

    public init(_ key: TimelineKey) {
        kind = key.kind
        family = key.family.rawValue
        instance = key.instance?.rawValue
    }
}
