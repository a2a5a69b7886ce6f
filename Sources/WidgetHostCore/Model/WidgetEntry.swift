import Foundation

/// One entry as the host holds it: a date, an optional relevance and the entry's own content.
public struct WidgetEntry: Sendable, Hashable {
    public let date: Date
    public let relevance: EntryRelevance?
    /// The entry's own fields, as the bundle encoded them.
    public let content: JSONValue

    public init(date: Date, relevance: EntryRelevance?, content: JSONValue) {
        self.date = date
        self.relevance = relevance
        self.content = content
    }
}

/// WidgetKit's `TimelineEntryRelevance`.
public struct EntryRelevance: Sendable, Hashable {
    public let score: Double
    /// Seconds from the entry's date; zero means until the next entry.
    public let duration: TimeInterval
}
