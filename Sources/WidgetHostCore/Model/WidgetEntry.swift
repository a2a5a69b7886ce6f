import Foundation
import WidgetPayload

/// One entry as the host holds it: a date, an optional relevance, the entry's own content and,
/// from ABI 1.2, its view.
public struct WidgetEntry: Sendable, Hashable {
    public let date: Date
    public let relevance: EntryRelevance?
    /// The entry's own fields, as the bundle encoded them.
    public let content: JSONValue
    /// The entry's face; nil for bundles that send none (every 1.0 and 1.1 bundle), which are
    /// drawn as a card of their content.
    public let view: EntryView?

    public init(date: Date, relevance: EntryRelevance?, content: JSONValue, view: EntryView? = nil) {
        self.date = date
        self.relevance = relevance
        self.content = content
        self.view = view
    }
}

/// WidgetKit's `TimelineEntryRelevance`.
public struct EntryRelevance: Sendable, Hashable {
    public let score: Double
    /// Seconds from the entry's date; zero means until the next entry.
    public let duration: TimeInterval
}
