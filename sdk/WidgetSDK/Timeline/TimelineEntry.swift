import FoundationEssentials

/// A type that specifies the date to display a widget, and, optionally, how relevant it is.
///
/// As in WidgetKit, add whatever fields the widget's view shows. An entry that is also
/// `Encodable` sends those fields to the host as the entry's JSON content (shown as a card by
/// hosts and tools that draw no view); any other entry's content is `{}`. `date` and `relevance`
/// travel beside the content.
public protocol TimelineEntry: Sendable {
    /// The date for the host to show the entry.
    var date: Date { get }

    /// How relevant this entry is compared with others; `nil` by default.
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    public var relevance: TimelineEntryRelevance? { nil }
}
