import Foundation
import WidgetHostCore

/// The scheduler's memory of when each record comes due: its plan and its entries' dates,
/// recomputed only for the records changed since the last look.
///
/// Planning every record at every step (and copying and sorting every record to do it) made a
/// simulated day of 4,000 keys spend seconds in the scheduler alone. A plan made at `planned`
/// still holds at any later moment while its record is unchanged: the wanted date does not
/// depend on the time, and a budget that held it back only frees up as time passes; what is
/// due at `planned` stays due. So one look at the registry's changes per step is enough.
struct PlanCache {
    private struct Item {
        var plan: PlannedReload
        /// The timeline's entry dates, sorted (the registry holds validated timelines only).
        var entryDates: [Date]
    }

    private var items: [TimelineKey: Item] = [:]
    /// Each kind's keys, for `nextPlannedReload(forKinds:)`.
    private var keysByKind: [String: Set<TimelineKey>] = [:]
    /// The registry revision the items are up to date with.
    private var revision: UInt64 = 0

    /// Replans the records changed in `registry` since the last call.
    mutating func catchUp(with registry: TimelineRegistry, settings: SchedulerSettings, now: Date) {
        revision = registry.visitRecords(
            changedAfter: revision,
            removed: { key in
                items[key] = nil
                keysByKind[key.kind]?.remove(key)
            }
        ) { record in
            keysByKind[record.key.kind, default: []].insert(record.key)
            items[record.key] = Item(
                plan: ReloadPlanner.plan(for: record, settings: settings, now: now),
                entryDates: record.timeline?.entries.map(\.date) ?? [])
        }
    }

    /// The keys due at `now` that are not `busy`, with why each is due.
    func due(at now: Date, excluding busy: Set<TimelineKey>) -> [(key: TimelineKey, cause: ReloadCause)] {
        items.compactMap { key, item in
            guard item.plan.isDue(at: now), let cause = item.plan.cause, !busy.contains(key) else { return nil }
            return (key, cause)
        }
    }

    /// The soonest moment after which something happens: a reload comes due (for keys not
    /// `busy`; theirs is planned when their call is recorded) or an entry becomes current.
    func nextWakeDate(after now: Date, excluding busy: Set<TimelineKey>) -> Date? {
        var soonest: Date?
        func consider(_ date: Date?) {
            if let date, soonest.map({ date < $0 }) ?? true { soonest = date }
        }
        for (key, item) in items {
            if !busy.contains(key) { consider(item.plan.date.map { max($0, now) }) }
            consider(Self.firstDate(in: item.entryDates, after: now))
        }
        return soonest
    }

    /// The soonest reload planned for any key of `kinds` (a past date: due now); nil when none
    /// is planned.
    func nextPlannedReload(forKinds kinds: [String]) -> Date? {
        var soonest: Date?
        for kind in kinds {
            for key in keysByKind[kind] ?? [] {
                if let date = items[key]?.plan.date, soonest.map({ date < $0 }) ?? true { soonest = date }
            }
        }
        return soonest
    }

    private static func firstDate(in sorted: [Date], after now: Date) -> Date? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= now { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count ? sorted[low] : nil
    }
}
