import Foundation
import WidgetHostCore

/// Decides when a kind in a family is next reloaded, and why, from its registry record alone.
/// Pure: the daemon, `status` (with or without a daemon) and the simulation all ask it, so what
/// `status` says is what the daemon does.
public enum ReloadPlanner {
    public static func plan(for record: TimelineRecord, settings: SchedulerSettings, now: Date) -> PlannedReload {
        // A forced request goes first, past budget and backoff alike.
        if record.hasPendingRequest && record.reloadForced {
            return PlannedReload(date: now, cause: .forced)
        }
        guard let (wanted, cause, hold) = wantedReload(for: record, settings: settings) else { return .never }
        return heldByBudget(PlannedReload(date: max(wanted, now), cause: cause, hold: hold), budget: record.schedule.budget)
    }

    /// When the cause alone would reload, before the budget has its say.
    private static func wantedReload(
        for record: TimelineRecord, settings: SchedulerSettings
    ) -> (Date, ReloadCause, ReloadHold?)? {
        let schedule = record.schedule
        // After failures the backoff decides, whatever else is waiting: a request made meanwhile
        // is answered by the retry.
        if schedule.consecutiveFailures > 0, let lastCall = schedule.lastCall {
            let retry = lastCall.at.addingTimeInterval(settings.backoff.delay(afterFailures: schedule.consecutiveFailures))
            return (retry, record.hasPendingRequest ? .request : .retry, .backoff)
        }
        // A request is due at once, whenever it was stamped: the stamp may come from another
        // process's clock (an app's), which need not agree with the host's.
        if record.hasPendingRequest { return (.distantPast, .request, nil) }
        guard let timeline = record.timeline else { return (.distantPast, .initial, nil) }
        let policyDate: Date
        switch timeline.policy {
        case .never: return nil
        case .after(let date): policyDate = date
        case .atEnd: policyDate = timeline.entries.last?.date ?? .distantPast
        }
        // The floor keeps scheduled reloads apart, and stops a timeline that ended before it was
        // fetched from asking again at once.
        let lastReload = [record.fetchedAt, schedule.lastCall?.at].compactMap { $0 }.max() ?? .distantPast
        let floor = lastReload.addingTimeInterval(settings.minimumInterval)
        return policyDate < floor ? (floor, .policy, .minimumInterval) : (policyDate, .policy, nil)
    }

    private static func heldByBudget(_ planned: PlannedReload, budget: RefreshBudget) -> PlannedReload {
        guard let date = planned.date, let cause = planned.cause, cause.countsAgainstBudget else { return planned }
        let available = budget.nextAvailable(at: date)
        guard available > date else { return planned }
        return PlannedReload(date: available, cause: cause, hold: .budget)
    }
}
