import WidgetPayload

/// One kind in one family, as one instance, as `GET /v1/widgets` lists it (docs/openapi.yaml, WidgetState): the
/// fields a panel line is made of, and the whole object as the daemon sent it, for `jsonl`.
public struct WidgetState: Sendable, Hashable, Decodable {
    public let kind: String
    public let family: String
    /// A user-added instance's id; nil for the kind's implicit instance in the family.
    public let instance: String?
    public let displayName: String
    /// The current entry's text in reading order, on one line, as drawn in this family; nil
    /// when there is no current entry.
    public let text: String?
    /// The current entry's `widgetURL`, what a click on the widget opens; nil when it has none
    /// (or the daemon predates it).
    public let url: String?
    /// No current entry, or the timeline's reload is overdue.
    public let stale: Bool
    public let entry: Entry?
    public let fetchedAt: String?
    public let nextReload: NextReload
    public let lastError: RecordedError?
    /// Every field the daemon sent, those above included.
    public let json: JSONValue

    public struct Entry: Sendable, Hashable, Decodable {
        public let date: String
        public let content: JSONValue
        /// The entry's view tree (docs/view-tree.md), when its bundle drew one.
        public let view: JSONValue?
    }

    public struct NextReload: Sendable, Hashable, Decodable {
        /// Nil: never.
        public let at: String?
        public let reason: String
    }

    public struct RecordedError: Sendable, Hashable, Decodable {
        public let code: String
        public let message: String
        public let at: String
    }

    public var key: WidgetKey { WidgetKey(kind: kind, family: family, instance: instance) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        family = try container.decode(String.self, forKey: .family)
        instance = try container.decodeIfPresent(String.self, forKey: .instance)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName) ?? kind
        text = try container.decodeIfPresent(String.self, forKey: .text)
        url = try container.decodeIfPresent(String.self, forKey: .url)
        stale = try container.decodeIfPresent(Bool.self, forKey: .stale) ?? false
        entry = try container.decodeIfPresent(Entry.self, forKey: .entry)
        fetchedAt = try container.decodeIfPresent(String.self, forKey: .fetchedAt)
        nextReload = try container.decode(NextReload.self, forKey: .nextReload)
        lastError = try container.decodeIfPresent(RecordedError.self, forKey: .lastError)
        json = try JSONValue(from: decoder)
    }

    private enum CodingKeys: String, CodingKey {
        case kind, family, instance, displayName, text, url, stale, entry, fetchedAt, nextReload, lastError
    }
}

/// A kind in a family, as one instance: what a panel line is about.
public struct WidgetKey: Sendable, Hashable, CustomStringConvertible {
    public let kind: String
    public let family: String
    /// A user-added instance's id; nil for the kind's implicit instance.
    public let instance: String?

    public init(kind: String, family: String, instance: String? = nil) {
        self.kind = kind
        self.family = family
        self.instance = instance
    }

    public var description: String { "\(kind)/\(family)" + (instance.map { "#\($0)" } ?? "") }
}

/// `GET /v1/widgets`.
public struct WidgetList: Sendable, Decodable {
    public let at: String
    /// The newest event's id: the stream opened with it as `Last-Event-ID` misses nothing after
    /// this answer.
    public let lastEventId: UInt64
    public let widgets: [WidgetState]
}
