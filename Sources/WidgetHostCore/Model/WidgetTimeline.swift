import Foundation

/// A validated timeline: entries in date order, never empty, and when to ask again.
public struct WidgetTimeline: Sendable, Hashable {
    public let entries: [WidgetEntry]
    public let policy: ReloadPolicy

    /// - Precondition: `entries` is non-empty and in date order (the host validates bundles'
    ///   timelines before making one).
    public init(entries: [WidgetEntry], policy: ReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }

    /// The entry to show at `date`: the last whose date is not after it. Never an entry from the
    /// future: before the first entry's date there is none.
    public func entry(at date: Date) -> WidgetEntry? {
        // Entries are sorted, so the first entry after `date` bounds the answer.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].date <= date { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : entries[low - 1]
    }

    /// The first entry whose view was refused, and why: what the registry records against the kind.
    public var firstMalformedView: (index: Int, error: ViewTreeError)? {
        for (index, entry) in entries.enumerated() {
            if let error = entry.view?.error { return (index, error) }
        }
        return nil
    }
}

/// When the host should ask a provider for its next timeline.
public enum ReloadPolicy: Sendable, Hashable {
    case atEnd
    case never
    case after(Date)
}
