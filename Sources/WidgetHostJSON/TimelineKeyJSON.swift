import WidgetHostCore

/// One timeline the host keeps, as the CLI prints and the server serves it: `{"kind", "family",
/// "instance"}`, the instance only for a user-added widget. What a perform reloads is a list of these.
public struct TimelineKeyJSON: Encodable, Sendable, Hashable {
    public let kind: String
    public let family: String
    public let instance: String?

    public init(_ key: TimelineKey) {
        kind = key.kind
        family = key.family.rawValue
        instance = key.instance?.rawValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(family, forKey: .family)
        try container.encodeIfPresent(instance, forKey: .instance)
    }

    private enum CodingKeys: String, CodingKey { case kind, family, instance }
}
