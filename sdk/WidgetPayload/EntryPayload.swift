/// One timeline entry as it crosses the ABI: `ENTRY` in `payload.h`.
public struct EntryPayload: Codable, Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var date: Double
    public var relevance: RelevancePayload?
    /// The entry's own fields.
    public var content: JSONValue
    /// The entry's face (`docs/view-tree.md`), kept as JSON here so that a malformed view never
    /// costs the entry: the host reads it with `ViewTree(json:)` and records what is wrong.
    public var view: JSONValue?

    public init(date: Double, relevance: RelevancePayload?, content: JSONValue, view: JSONValue? = nil) {
        self.date = date
        self.relevance = relevance
        self.content = content
        self.view = view
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        // `null` rather than a missing key: payload.h promises the key is always there.
        try container.encode(relevance, forKey: .relevance)
        try container.encode(content, forKey: .content)
        // Absent rather than null: entries without a face read exactly as before ABI 1.2.
        try container.encodeIfPresent(view, forKey: .view)
    }
}

/// WidgetKit's `TimelineEntryRelevance` as it crosses the ABI.
public struct RelevancePayload: Codable, Sendable, Hashable {
    public var score: Double
    /// Seconds.
    public var duration: Double

    public init(score: Double, duration: Double) {
        self.score = score
        self.duration = duration
    }
}
