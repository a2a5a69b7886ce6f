import FoundationEssentials

/// How relevant a timeline entry is, and for how long, compared with the entries of other widgets.
public struct TimelineEntryRelevance: Codable, Sendable, Hashable {
    /// A value you choose that indicates the relevance of the entry; higher is more relevant.
    public let score: Float

    /// How long, in seconds from the entry's date, the score applies. Zero means until the next
    /// entry.
    public let duration: TimeInterval

    public init(score: Float, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}
