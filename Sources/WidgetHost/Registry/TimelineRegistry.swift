import Foundation
import Synchronization

/// One registry for every kind × family: timelines, when and where they came from, the last
/// error. Safe to use from any thread.
public final class TimelineRegistry: Sendable {
    private let records = Mutex<[TimelineKey: TimelineRecord]>([:])

    public init() {}

    /// Makes an empty record for every family of the widget, so that the registry covers every
    /// kind × family before the first fetch.
    func register(_ widget: WidgetDescriptor) {
        for family in widget.families { update(widget, family) { _ in } }
    }

    /// - Parameter reloadRequestsAnswered: the record's `reloadRequestCount` when the fetch
    ///   began. The request is cleared only if none came since: one made during the fetch stands.
    func recordTimeline(
        _ timeline: WidgetTimeline, for widget: WidgetDescriptor, family: WidgetFamily,
        fetchedAt: Date, duration: Duration, reloadRequestsAnswered: Int
    ) {
        update(widget, family) { record in
            record.timeline = timeline
            record.fetchedAt = fetchedAt
            record.callDuration = duration
            if record.reloadRequestCount == reloadRequestsAnswered { record.reloadRequestedAt = nil }
        }
    }

    /// Keeps the last good timeline; only the error changes.
    func recordError(_ error: RecordedError, for widget: WidgetDescriptor, family: WidgetFamily) {
        update(widget, family) { record in
            record.lastError = error
            if case .completion = error.cause { record.lastCompletionViolation = error }
        }
    }

    /// Marks every family of the kinds as wanting a reload.
    func recordReloadRequest(kinds: [String], at date: Date) {
        records.withLock { records in
            for key in records.keys where kinds.contains(key.kind) {
                records[key]?.reloadRequestedAt = date
                records[key]?.reloadRequestCount += 1
            }
        }
    }

    public func record(for key: TimelineKey) -> TimelineRecord? {
        records.withLock { $0[key] }
    }

    /// Every record, by kind and then family.
    public var allRecords: [TimelineRecord] {
        records.withLock { Array($0.values) }.sorted { $0.key < $1.key }
    }

    /// The entry of `key` to show at `date`: the last whose date is not after it.
    public func currentEntry(for key: TimelineKey, at date: Date) -> WidgetEntry? {
        record(for: key)?.entry(at: date)
    }

    private func update(_ widget: WidgetDescriptor, _ family: WidgetFamily, _ change: (inout TimelineRecord) -> Void) {
        let key = TimelineKey(kind: widget.kind, family: family)
        records.withLock { records in
            var record = records[key] ?? TimelineRecord(key: key, widget: widget)
            change(&record)
            records[key] = record
        }
    }
}
