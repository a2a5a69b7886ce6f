import FoundationEssentials

/// A type that specifies the date to display a widget, and, optionally, how relevant it is.
///
/// As in WidgetKit, add whatever fields the widget shows. Those fields are encoded with
/// `Codable` and travel to the host as the entry's JSON content; `date` and `relevance` travel
/// beside them.
public protocol TimelineEntry: Encodable, Sendable {
    /// The date for the host to show the entry.
    var date: Date { get }

    /// How relevant this entry is compared with others; `nil` by default.
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    public var relevance: TimelineEntryRelevance? { nil }
}
