/// One timeline entry as it crosses the ABI: `ENTRY` in `payload.h`.
public struct EntryPayload: Codable, Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var date: Double
    public var relevance: RelevancePayload?
    /// The entry's own fields.
    public var content: JSONValue

    public init(date: Double, relevance: RelevancePayload?, content: JSONValue) {
        self.date = date
        self.relevance = relevance
        self.content = content
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        // `null` rather than a missing key: payload.h promises the key is always there.
        try container.encode(relevance, forKey: .relevance)
        try container.encode(content, forKey: .content)
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
