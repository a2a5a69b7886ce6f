import Foundation
import Synchronization
import WidgetPayload
import WidgetStoreModel

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
    /// kind × family before the first fetch. A configurable kind whose defaults leave a required
    /// parameter without a value has no implicit instance: only instances users add (with a
    /// value) are called, as WidgetKit calls no widget before it is configured.
    func register(_ widget: WidgetDescriptor) {
        do {
            _ = try ConfigurationValidator(widget).validate([:])
        } catch {
            return
        }
        for family in widget.families { update(widget, TimelineKey(kind: widget.kind, family: family)) { _ in } }
    }

    /// - Parameter reloadRequestsAnswered: the record's `reloadRequestCount` when the fetch
    ///   began. The request is cleared only if none came since: one made during the fetch stands.
    /// - Parameter configuration: what the provider was called with. A timeline for an instance
    ///   removed or reconfigured during the call is dropped: it answers for something no longer
    ///   shown.
    ///
    /// A timeline with no entries (`Timeline(entries: [], policy:)`, what extensions return when
    /// a fetch failed) is WidgetKit's "nothing new": the entries shown stay (none: the
    /// placeholder), and its policy says when to ask again.
    func recordTimeline(
        _ timeline: WidgetTimeline, for widget: WidgetDescriptor, key: TimelineKey, configuration: [String: JSONValue]?,
        fetchedAt: Date, duration: Duration, reloadRequestsAnswered: Int
    ) {
        update(widget, key) { record in
            guard record.configuration == configuration else { return }
            record.timeline = timeline.entries.isEmpty
                ? WidgetTimeline(entries: record.timeline?.entries ?? [], policy: timeline.policy) : timeline
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
    func recordError(_ error: RecordedError, for widget: WidgetDescriptor, key: TimelineKey) {
        update(widget, key) { record in
            record.lastError = error
            if error.isCompletionViolation { record.lastCompletionViolation = error }
        }
    }

    /// Records an error against a key the registry already has (a worker's report names the
    /// kind and family, not the descriptor).
    func recordError(_ error: RecordedError, for key: TimelineKey) {
        records.withLock { records -> Void in
            records.change(key) { record in
                record.lastError = error
                if error.isCompletionViolation { record.lastCompletionViolation = error }
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

    /// Marks one key as wanting a reload, leaving the kind's other families and instances
    /// alone. A forced request stays forced until a call answers it. False when the registry
    /// has no such key.
    @discardableResult
    package func recordReloadRequest(of key: TimelineKey, at date: Date, forced: Bool) -> Bool {
        let marked = records.withLock { records in
            records.change(key) { record in
                record.reloadRequestedAt = date
                record.reloadForced = record.reloadForced || forced
                record.reloadRequestCount += 1
            } != nil
        }
        if marked { requestObserver.withLock { $0 }?() }
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
                    // Saved for another configuration (changed while no host ran): start afresh.
                    guard record.configuration == savedRecord.configuration else { return }
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

    /// The key of the user-added instance `id`, nil when the registry holds none: one look at
    /// the keys, without copying a record.
    package func key(ofInstance id: String) -> TimelineKey? {
        records.withLock { records in records.byKey.keys.first { $0.instance?.rawValue == id } }
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
    /// `removed` is shown each key removed after `revision` (a user-added instance).
    package func visitRecords(
        changedAfter revision: UInt64, removed: (TimelineKey) -> Void = { _ in }, _ visit: (TimelineRecord) -> Void
    ) -> UInt64 {
        records.withLock { records in
            for record in records.byKey.values where record.revision > revision { visit(record) }
            for removal in records.removals where removal.revision > revision { removed(removal.key) }
            return records.revision
        }
    }

    /// The entry of `key` to show at `date`: the last whose date is not after it.
    public func currentEntry(for key: TimelineKey, at date: Date) -> WidgetEntry? {
        records.withLock { $0.timelines.entry(for: key, at: date) }
    }

    /// The entry to show at `date` of every key that has one, in no particular order: one
    /// look at the registry for a whole screen of widgets.
    public func currentEntries(at date: Date) -> CurrentEntries {
        records.withLock { $0.timelines.currentEntries(at: date) }
    }

    /// Changes the record of `key`, making it first for an implicit instance. A user-added
    /// instance is only ever made by `syncInstances`: one removed meanwhile stays removed.
    private func update(_ widget: WidgetDescriptor, _ key: TimelineKey, _ change: (inout TimelineRecord) -> Void) {
        records.withLock { records in
            if records.byKey[key] == nil, key.instance == nil { records.byKey[key] = TimelineRecord(key: key, widget: widget) }
            records.change(key, change)
        }
    }

    /// Makes the registry hold exactly `instances` of the loaded `widgets` beside the implicit
    /// ones: new instances get an empty record, removed ones lose theirs, and a changed
    /// configuration drops the timeline (it showed something else) and asks for a forced reload.
    /// Instances of kinds not loaded, or in a family their kind lacks, are returned, not kept.
    @discardableResult
    package func syncInstances(_ instances: [WidgetInstance], widgets: [WidgetDescriptor], at date: Date) -> InstanceSync {
        let byKind = Dictionary(widgets.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        var sync = InstanceSync()
        records.withLock { records in
            var wanted: Set<TimelineKey> = []
            for instance in instances {
                guard let widget = byKind[instance.kind], widget.families.contains(instance.family) else {
                    sync.unavailable.append(instance)
                    continue
                }
                let key = TimelineKey(instance)
                wanted.insert(key)
                if let record = records.byKey[key] {
                    guard record.configuration != instance.configuration else { continue }
                    records.change(key) { record in
                        record.configuration = instance.configuration
                        record.timeline = nil
                        record.fetchedAt = nil
                        record.lastError = nil
                        record.reloadRequestedAt = date
                        record.reloadForced = true
                        record.reloadRequestCount += 1
                    }
                    sync.reconfigured.append(key)
                } else {
                    var record = TimelineRecord(key: key, widget: widget)
                    record.configuration = instance.configuration
                    records.byKey[key] = record
                    records.change(key) { _ in }
                    sync.added.append(key)
                }
            }
            for key in records.byKey.keys where key.instance != nil && !wanted.contains(key) {
                records.remove(key)
                sync.removed.append(key)
            }
        }
        if !sync.added.isEmpty || !sync.reconfigured.isEmpty { requestObserver.withLock { $0 }?() }
        return sync
    }
}

/// The records, and a revision counter that stamps each change.
private struct RecordTable {
    var byKey: [TimelineKey: TimelineRecord] = [:]
    private(set) var revision: UInt64 = 0
    /// Each record's timeline, kept by `change` and `remove`: what `currentEntries` reads for
    /// every key at once, a small slot each instead of a whole record.
    var timelines = TimelineSlots()

    /// Removed keys and the revision of their removal, so caches that catch up by revision
    /// forget them too. Only user-added instances are ever removed, and rarely.
    private(set) var removals: [(key: TimelineKey, revision: UInt64)] = []

    mutating func remove(_ key: TimelineKey) {
        guard byKey.removeValue(forKey: key) != nil else { return }
        timelines.set(nil, for: key)
        revision += 1
        removals.append((key, revision))
    }

    /// Changes the record of `key`, if there is one, and stamps it with a new revision.
    @discardableResult
    mutating func change(_ key: TimelineKey, _ body: (inout TimelineRecord) -> Void) -> TimelineRecord? {
        guard var record = byKey.removeValue(forKey: key) else { return nil }
        body(&record)
        revision += 1
        record.revision = revision
        timelines.set(record.timeline, for: key)
        byKey[key] = record
        return record
    }
}
