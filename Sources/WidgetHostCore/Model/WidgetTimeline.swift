import Foundation

/// A validated timeline: entries in date order, never empty, and when to ask again.
public struct WidgetTimeline: Sendable, Hashable {
    public let entries: [WidgetEntry]
    public let policy: ReloadPolicy
    /// The entries' dates, packed: what finding the current entry reads. A search over the
    /// entries themselves strides over their content and views, a cache miss a step when a
    /// screen's worth of timelines is asked at once (BENCHMARKS.md, "Speed II").
    private let dates: [Double]

    /// - Precondition: `entries` is non-empty and in date order (the host validates bundles'
    ///   timelines before making one).
    public init(entries: [WidgetEntry], policy: ReloadPolicy) {
        self.entries = entries
        self.policy = policy
        self.dates = entries.map(\.date.timeIntervalSinceReferenceDate)
    }

    /// The entry to show at `date`: the last whose date is not after it. Never an entry from the
    /// future: before the first entry's date there is none.
    public func entry(at date: Date) -> WidgetEntry? {
        entryIndex(at: date).map { entries[$0] }
    }

    /// The index of the entry to show at `date`, nil before the first entry.
    public func entryIndex(at date: Date) -> Int? {
        let time = date.timeIntervalSinceReferenceDate
        // Entries are sorted, so the first entry after `date` bounds the answer.
        return dates.withUnsafeBufferPointer { dates in
            var low = 0
            var high = dates.count
            while low < high {
                let middle = (low + high) / 2
                if dates[middle] <= time { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? nil : low - 1
        }
    }

    public static func == (lhs: WidgetTimeline, rhs: WidgetTimeline) -> Bool {
        lhs.entries == rhs.entries && lhs.policy == rhs.policy
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
        hasher.combine(policy)
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
