import Foundation
import WidgetPayload

/// A validated timeline: entries in date order, never empty, and when to ask again.
public struct WidgetTimeline: Sendable, Hashable {
    /// The entries and their dates in one object: a copy of the timeline (a registry read of
    /// every key at once makes thousands) retains one reference, not two.
    private let storage: Storage
    public let policy: ReloadPolicy

    public var entries: [WidgetEntry] { storage.entries }

    /// - Precondition: `entries` is non-empty and in date order (the host validates bundles'
    ///   timelines before making one).
    public init(entries: [WidgetEntry], policy: ReloadPolicy) {
        self.storage = Storage(entries: entries)
        self.policy = policy
    }

    private final class Storage: Sendable {
        let entries: [WidgetEntry]
        /// The entries' dates, packed: what finding the current entry reads. A search over the
        /// entries themselves strides over their content and views, a cache miss a step when a
        /// screen's worth of timelines is asked at once (BENCHMARKS.md, "Speed II").
        let dates: [Double]

        init(entries: [WidgetEntry]) {
            self.entries = entries
            self.dates = entries.map(\.date.timeIntervalSinceReferenceDate)
        }
    }

    /// The entry to show at `date`: the last whose date is not after it. Never an entry from the
    /// future: before the first entry's date there is none.
    public func entry(at date: Date) -> WidgetEntry? {
        entryIndex(at: date).map { storage.entries[$0] }
    }

    /// The index of the entry to show at `date`, nil before the first entry.
    public func entryIndex(at date: Date) -> Int? {
        let time = date.timeIntervalSinceReferenceDate
        // Entries are sorted, so the first entry after `date` bounds the answer.
        return storage.dates.withUnsafeBufferPointer { dates in
            var low = 0
            var high = dates.count
            while low < high {
                let middle = (low + high) / 2
                if dates[middle] <= time { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? nil : low - 1
        }
    }

    /// The index of the entry to show at `time` (seconds since the reference date) and the
    /// span over which it stays the one: from its date until the next entry's.
    func currentSpan(at time: Double) -> CurrentSpan {
        let dates = storage.dates
        guard let index = entryIndex(at: Date(timeIntervalSinceReferenceDate: time)) else {
            return CurrentSpan(index: -1, from: -.infinity, until: dates[0])
        }
        let until = index + 1 < dates.count ? dates[index + 1] : .infinity
        return CurrentSpan(index: Int32(truncatingIfNeeded: index), from: dates[index], until: until)
    }

    /// Whether both are the same timeline value, not merely equal ones: a check that reads no
    /// entry.
    func isIdentical(to other: WidgetTimeline) -> Bool {
        storage === other.storage && policy == other.policy
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
