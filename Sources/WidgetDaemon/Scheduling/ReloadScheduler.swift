import Foundation
import Synchronization
import WidgetHostCore

/// Keeps every kind's timeline current on the host's clock: asks `ReloadPlanner` what is due,
/// calls those providers (one call per kind and family at a time), records each call against
/// the budget and backoff, and saves the record. The same engine runs the daemon (system clock)
/// and the simulation and tests (virtual clock).
public final class ReloadScheduler: CallPlanner {
    public let host: BundleHost
    public let settings: SchedulerSettings
    private let database: RegistryDatabase?
    private let onEvent: @Sendable (SchedulerEvent) -> Void
    private let inFlight = Mutex<Set<TimelineKey>>([])
    private let planCache = Mutex(PlanCache())
    /// The entries last announced as current, to report each entry once.
    private let shownEntries = Mutex(EntryAnnouncements())
    /// Serialises saves to the registry database.
    private let saving = Mutex<Void>(())
    /// Where a call's record is saved: a save waits for the disk (and for the save before it),
    /// and on the cooperative pool that held its threads, and with them every task of the
    /// process, for as long (two threads on a 2-core machine).
    private let savingQueue = DispatchQueue(label: "widgethost.registry-save")

    /// - Parameters:
    ///   - database: where each call's record is saved; nil keeps the registry in memory only
    ///     (the simulation, which must not touch the daemon's state).
    ///   - onEvent: called synchronously, on whichever thread made the event (the daemon's loop,
    ///     a call's task, the saving queue), never with one of the scheduler's locks held. It
    ///     must not block: the scheduler waits for it, so a handler that waits on a client, a
    ///     pipe or a terminal stops the scheduler. Hand slow work off (`EventHub.publish` and
    ///     `run`'s log writer are hand-offs).
    public init(
        host: BundleHost,
        settings: SchedulerSettings = SchedulerSettings(),
        database: RegistryDatabase? = nil,
        onEvent: @escaping @Sendable (SchedulerEvent) -> Void = { _ in }
    ) {
        self.host = host
        self.settings = settings
        self.database = database
        self.onEvent = onEvent
        host.registry.applyBudgetLimit(settings.budgetLimit)
        host.plannedCalls.follow(self)
    }

    public var clock: any HostClock { host.clock }

    /// How many of `reloadDue`'s calls run at once. Thousands of keys falling due together
    /// (widgets refreshed together stay in step) started as thousands of tasks at once cost
    /// more in thread wake-ups than the calls themselves; a window this wide still keeps a
    /// slow provider from holding up the others. Each of these lanes takes its next call
    /// itself: a group that started each call as the one before ended woke its waiting parent
    /// task once per call.
    static let concurrentCallLimit = 16

    /// Every record with its next reload, as of `now`.
    public func plans(at now: Date) -> [(record: TimelineRecord, next: PlannedReload)] {
        host.registry.allRecords.map { ($0, ReloadPlanner.plan(for: $0, settings: settings, now: now)) }
    }

    public var inFlightCount: Int { inFlight.withLock { $0.count } }

    /// The keys being called, or nil if their lock is held right now: for a report made when
    /// something may be stuck holding it (a stop deadline), which must not wait.
    public var inFlightKeysIfAvailable: Set<TimelineKey>? {
        inFlight.withLockIfAvailable { $0 }
    }

    /// Makes every reload due now and waits for all of them.
    @discardableResult
    public func reloadDue() async -> [CallSummary] {
        let claimed = BundleInterleaving.interleaved(claimDueReloads(at: clock.now)) { reload in
            (try? host.widget(kind: reload.key.kind))?.bundlePath ?? ""
        }
        let waiting = DueReloads(claimed)
        return await withTaskGroup(of: [CallSummary].self) { group in
            for _ in 0..<min(Self.concurrentCallLimit, claimed.count) {
                group.addTask {
                    var calls: [CallSummary] = []
                    while let reload = waiting.next() {
                        if let call = await self.perform(reload) { calls.append(call) }
                    }
                    return calls
                }
            }
            var calls: [CallSummary] = []
            for await lane in group { calls += lane }
            return calls.sorted { $0.at < $1.at }
        }
    }

    /// Marks every reload due at `now` as under way, so that no one else starts it, and returns
    /// them; `perform` each. The daemon claims before it starts the calls, so its next look at
    /// the schedule does not see them as still due.
    func claimDueReloads(at now: Date) -> [ClaimedReload] {
        // Planned under the lock: a call that finishes between planning and claiming would
        // otherwise be made a second time for the request it has just answered. (Locks are
        // only ever taken in this order: in flight, plan cache, registry.)
        inFlight.withLock { busy in
            planCache.withLock { cache in
                cache.catchUp(with: host.registry, settings: settings, now: now)
                return cache.due(at: now, excluding: busy).map { key, cause in
                    busy.insert(key)
                    return ClaimedReload(key: key, cause: cause)
                }
            }
        }
    }

    /// Calls the provider of `key` now. Nil, and no call, when one is already under way: a
    /// request made meanwhile stays pending and is answered by one call after it (coalesced).
    @discardableResult
    public func reload(_ key: TimelineKey, cause: ReloadCause) async -> CallSummary? {
        guard inFlight.withLock({ $0.insert(key).inserted }) else { return nil }
        return await perform(ClaimedReload(key: key, cause: cause))
    }

    /// Makes a claimed call and releases the claim.
    func perform(_ reload: ClaimedReload) async -> CallSummary? {
        let (key, cause) = (reload.key, reload.cause)
        defer { _ = inFlight.withLock { $0.remove(key) } }
        guard let widget = try? host.widget(kind: key.kind), let record = host.registry.record(for: key) else { return nil }
        let requestsBefore = record.reloadRequestCount

        let now = clock.now
        let started = ContinuousClock.now
        let outcome: CallSummary.Outcome
        do {
            let context = CallContext(family: key.family, now: now, configuration: record.configuration)
            let timeline = try await host.timeline(for: widget, in: context, instance: key.instance)
            outcome = .succeeded(entries: timeline.entries.count)
        } catch {
            outcome = Self.failure(error)
        }
        let elapsed = ContinuousClock.now - started
        let call = CallSummary(at: now, cause: cause, duration: elapsed.seconds, outcome: outcome)
        guard let record = host.registry.recordScheduledCall(
            call, for: key, reloadRequestsAnswered: requestsBefore) else { return call }
        await saveOffThePool([key])
        onEvent(.called(key, call, next: ReloadPlanner.plan(for: record, settings: settings, now: clock.now)))
        return call
    }

    /// The soonest moment something happens: a reload comes due or an entry becomes current.
    /// Nil when nothing ever will (every kind `.never`, nothing requested).
    public func nextWakeDate() -> Date? {
        nextWakeDate(after: clock.now)
    }

    /// As `nextWakeDate()`, for a step that looked at the schedule at `now`: the daemon passes
    /// the `now` it announced and claimed at, so that a date falling between two readings of
    /// the clock is either current at that look or waited for, never neither.
    public func nextWakeDate(after now: Date) -> Date? {
        let busy = inFlight.withLock { $0 }
        return planCache.withLock { cache in
            cache.catchUp(with: host.registry, settings: settings, now: now)
            return cache.nextWakeDate(after: now, excluding: busy)
        }
    }

    /// The soonest reload planned for any key of `kinds`, from the same plans `reloadDue` and
    /// `nextWakeDate` read: worker isolation keeps an idle worker whose next call is this near
    /// (`CallPlanner`).
    public func nextPlannedCall(forKinds kinds: [String]) -> Date? {
        let now = clock.now
        return planCache.withLock { cache in
            cache.catchUp(with: host.registry, settings: settings, now: now)
            return cache.nextPlannedReload(forKinds: kinds)
        }
    }

    /// Reports every key whose current entry changed since the last look.
    public func announceCurrentEntries() {
        announceCurrentEntries(at: clock.now)
    }

    /// Reports every entry that became current by `now` since the last look, oldest first
    /// (`EntryAnnouncements` says which).
    public func announceCurrentEntries(at now: Date) {
        for record in host.registry.allRecords {
            let announced = shownEntries.withLock { $0.announcements(for: record, at: now) }
            for (entry, index) in announced {
                onEvent(.entryBecameCurrent(record.key, entry, index: index, count: record.timeline?.entries.count ?? 0, at: now))
            }
        }
    }

    /// `save(keys)` on the saving queue; returns once it is done.
    private func saveOffThePool(_ keys: Set<TimelineKey>) async {
        guard database != nil else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            savingQueue.async { [self] in
                save(keys)
                continuation.resume()
            }
        }
    }

    /// Saves the registry's records for `keys` (every record if nil) to the database, if there
    /// is one; a failure is reported, and the in-memory registry carries on.
    ///
    /// The records are read inside the lock, so saves land in the order the registry changed:
    /// a save started with an older copy can never overwrite a newer one.
    func save(_ keys: Set<TimelineKey>? = nil) {
        guard let database else { return }
        let failure = saving.withLock { _ -> RegistryDatabaseError? in
            let records = keys.map(host.registry.records(for:)) ?? host.registry.allRecords
            guard !records.isEmpty else { return nil }
            do throws(RegistryDatabaseError) {
                try database.save(records)
                return nil
            } catch {
                return error
            }
        }
        // Reported once the lock is released: the handler is the caller's code, and may wait.
        if let failure { onEvent(.persistenceFailed(failure)) }
    }

    private static func failure(_ error: HostCallError) -> CallSummary.Outcome {
        switch error {
        case .callFailed(let failure): .failed(code: failure.error.code, message: failure.error.description)
        default: .failed(code: "hostError", message: error.description)
        }
    }
}

/// A reload marked as under way and not yet made.
/// The claimed reloads that no lane of `reloadDue` has taken yet.
private final class DueReloads: Sendable {
    private let waiting: Mutex<ArraySlice<ClaimedReload>>

    init(_ reloads: [ClaimedReload]) {
        waiting = Mutex(reloads[...])
    }

    func next() -> ClaimedReload? {
        waiting.withLock { $0.popFirst() }
    }
}

struct ClaimedReload: Sendable {
    let key: TimelineKey
    let cause: ReloadCause
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
