import Foundation
import Synchronization

/// One registry for every kind × family: timelines, when and where they came from, the last
/// error. Safe to use from any thread.
public final class TimelineRegistry: Sendable {
    private let records = Mutex(RecordTable())
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
            if let (index, error) = timeline.firstMalformedView {
                record.lastError = RecordedError(cause: .malformedView(.timeline, entryIndex: index, error), at: fetchedAt)
            }
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
        records.withLock { records -> Void in
            records.change(key) { record in
                record.lastError = error
                if case .completion = error.cause { record.lastCompletionViolation = error }
            }
        }
    }

    /// Marks every family of the kinds as wanting a reload; returns the keys marked. A forced
    /// request stays forced until a call answers it, whatever unforced ones follow.
    @discardableResult
    package func recordReloadRequest(kinds: [String], at date: Date, forced: Bool = false) -> [TimelineKey] {
        let marked = records.withLock { records in
            let kinds = Set(kinds)
            let keys = records.byKey.keys.filter { kinds.contains($0.kind) }
            for key in keys {
                records.change(key) { record in
                    record.reloadRequestedAt = date
                    record.reloadForced = record.reloadForced || forced
                    record.reloadRequestCount += 1
                }
            }
            return keys.sorted()
        }
        if !marked.isEmpty { requestObserver.withLock { $0 }?() }
        return marked
    }

    /// Records a call the scheduler made. The pending request is answered (whatever the call's
    /// outcome: a failed call hands over to the backoff) unless another came during the call.
    package func recordScheduledCall(_ call: CallSummary, for key: TimelineKey, reloadRequestsAnswered: Int) -> TimelineRecord? {
        records.withLock { records in
            records.change(key) { record in
                record.schedule.recordCall(call)
                if record.reloadRequestCount == reloadRequestsAnswered {
                    record.reloadRequestedAt = nil
                    record.reloadForced = false
                }
            }
        }
    }

    /// Puts back what the registry database kept, before any provider is called. Only keys of
    /// loaded widgets are restored; the bundle's name and path stay those loaded now.
    public func restore(_ saved: [TimelineRecord], budgetLimit: Int) {
        records.withLock { records in
            for savedRecord in saved {
                records.change(savedRecord.key) { record in
                    record.timeline = savedRecord.timeline
                    record.fetchedAt = savedRecord.fetchedAt
                    record.callDuration = savedRecord.callDuration
                    record.lastError = savedRecord.lastError
                    record.lastCompletionViolation = savedRecord.lastCompletionViolation
                    record.reloadRequestedAt = savedRecord.reloadRequestedAt
                    record.reloadForced = savedRecord.reloadForced
                    record.schedule = savedRecord.schedule.withBudgetLimit(budgetLimit)
                }
            }
        }
    }

    /// Applies the scheduler's budget limit to every record, keeping what each has spent.
    package func applyBudgetLimit(_ limit: Int) {
        records.withLock { records in
            for key in Array(records.byKey.keys) {
                records.change(key) { $0.schedule = $0.schedule.withBudgetLimit(limit) }
            }
        }
    }

    public func record(for key: TimelineKey) -> TimelineRecord? {
        records.withLock { $0.byKey[key] }
    }

    /// How many reload requests `key` has had, nil for an unknown key: what a fetch notes
    /// before it calls, without copying the record.
    package func reloadRequestCount(for key: TimelineKey) -> Int? {
        records.withLock { $0.byKey[key]?.reloadRequestCount }
    }

    /// Every record, by kind and then family.
    public var allRecords: [TimelineRecord] {
        records.withLock { Array($0.byKey.values) }.sorted { $0.key < $1.key }
    }

    /// The records of `keys`, in no particular order.
    package func records(for keys: Set<TimelineKey>) -> [TimelineRecord] {
        records.withLock { records in keys.compactMap { records.byKey[$0] } }
    }

    /// Shows `visit` each record changed after `revision` (every record for 0), in no
    /// particular order, and returns the revision that brings the caller up to date: what a
    /// cache of the registry needs to catch up without copying records. `visit` runs under the
    /// registry's lock, so it must be quick and must not call back into the registry.
    package func visitRecords(changedAfter revision: UInt64, _ visit: (TimelineRecord) -> Void) -> UInt64 {
        records.withLock { records in
            for record in records.byKey.values where record.revision > revision { visit(record) }
            return records.revision
        }
    }

    /// The entry of `key` to show at `date`: the last whose date is not after it.
    public func currentEntry(for key: TimelineKey, at date: Date) -> WidgetEntry? {
        records.withLock { $0.byKey[key]?.entry(at: date) }
    }

    /// The entry to show at `date` of every key that has one, in no particular order: one
    /// look at the registry for a whole screen of widgets.
    public func currentEntries(at date: Date) -> [(key: TimelineKey, entry: WidgetEntry)] {
        records.withLock { records in
            var current: [(key: TimelineKey, entry: WidgetEntry)] = []
            current.reserveCapacity(records.byKey.count)
            for record in records.byKey.values {
                if let entry = record.entry(at: date) { current.append((record.key, entry)) }
            }
            return current
        }
    }

    private func update(_ widget: WidgetDescriptor, _ family: WidgetFamily, _ change: (inout TimelineRecord) -> Void) {
        let key = TimelineKey(kind: widget.kind, family: family)
        records.withLock { records in
            if records.byKey[key] == nil { records.byKey[key] = TimelineRecord(key: key, widget: widget) }
            records.change(key, change)
        }
    }
}

/// The records, and a revision counter that stamps each change.
private struct RecordTable {
    var byKey: [TimelineKey: TimelineRecord] = [:]
    private(set) var revision: UInt64 = 0

    /// Changes the record of `key`, if there is one, and stamps it with a new revision.
    @discardableResult
    mutating func change(_ key: TimelineKey, _ body: (inout TimelineRecord) -> Void) -> TimelineRecord? {
        guard var record = byKey.removeValue(forKey: key) else { return nil }
        body(&record)
        revision += 1
        record.revision = revision
        byKey[key] = record
        return record
    }
}
