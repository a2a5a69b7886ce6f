import Foundation
import Synchronization

/// One registry for every kind × family: timelines, when and where they came from, the last
/// error. Safe to use from any thread.
public final class TimelineRegistry: Sendable {
    private let records = Mutex<[TimelineKey: TimelineRecord]>([:])
    /// Told after every reload request, so a daemon waiting for its next date wakes at once.
    private let requestObserver = Mutex<(@Sendable () -> Void)?>(nil)

    public init() {}

    /// Sets the one function called after each reload request is marked (replacing any other).
    public func observeReloadRequests(_ observer: @escaping @Sendable () -> Void) {
        requestObserver.withLock { $0 = observer }
    }

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
            if record.reloadRequestCount == reloadRequestsAnswered {
                record.reloadRequestedAt = nil
                record.reloadForced = false
            }
        }
    }

    /// Keeps the last good timeline; only the error changes.
    func recordError(_ error: RecordedError, for widget: WidgetDescriptor, family: WidgetFamily) {
        update(widget, family) { record in
            record.lastError = error
            if case .completion = error.cause { record.lastCompletionViolation = error }
        }
    }

    /// Records an error against a key the registry already has (a worker's report names the
    /// kind and family, not the descriptor).
    func recordError(_ error: RecordedError, for key: TimelineKey) {
        records.withLock { records in
            guard records[key] != nil else { return }
            records[key]?.lastError = error
            if case .completion = error.cause { records[key]?.lastCompletionViolation = error }
        }
    }

    /// Marks every family of the kinds as wanting a reload; returns the keys marked. A forced
    /// request stays forced until a call answers it, whatever unforced ones follow.
    @discardableResult
    func recordReloadRequest(kinds: [String], at date: Date, forced: Bool = false) -> [TimelineKey] {
        let marked = records.withLock { records in
            let keys = records.keys.filter { kinds.contains($0.kind) }
            for key in keys {
                guard var record = records[key] else { continue }
                record.reloadRequestedAt = date
                record.reloadForced = record.reloadForced || forced
                record.reloadRequestCount += 1
                records[key] = record
            }
            return keys.sorted()
        }
        if !marked.isEmpty { requestObserver.withLock { $0 }?() }
        return marked
    }

    /// Records a call the scheduler made. The pending request is answered (whatever the call's
    /// outcome: a failed call hands over to the backoff) unless another came during the call.
    func recordScheduledCall(_ call: CallSummary, for key: TimelineKey, reloadRequestsAnswered: Int) -> TimelineRecord? {
        records.withLock { records in
            guard var record = records[key] else { return nil }
            record.schedule.recordCall(call)
            if record.reloadRequestCount == reloadRequestsAnswered {
                record.reloadRequestedAt = nil
                record.reloadForced = false
            }
            records[key] = record
            return record
        }
    }

    /// Puts back what the registry database kept, before any provider is called. Only keys of
    /// loaded widgets are restored; the bundle's name and path stay those loaded now.
    public func restore(_ saved: [TimelineRecord], budgetLimit: Int) {
        records.withLock { records in
            for savedRecord in saved {
                guard var record = records[savedRecord.key] else { continue }
                record.timeline = savedRecord.timeline
                record.fetchedAt = savedRecord.fetchedAt
                record.callDuration = savedRecord.callDuration
                record.lastError = savedRecord.lastError
                record.lastCompletionViolation = savedRecord.lastCompletionViolation
                record.reloadRequestedAt = savedRecord.reloadRequestedAt
                record.reloadForced = savedRecord.reloadForced
                record.schedule = savedRecord.schedule.withBudgetLimit(budgetLimit)
                records[savedRecord.key] = record
            }
        }
    }

    /// Applies the scheduler's budget limit to every record, keeping what each has spent.
    func applyBudgetLimit(_ limit: Int) {
        records.withLock { records in
            for (key, record) in records { records[key]?.schedule = record.schedule.withBudgetLimit(limit) }
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
