import Foundation
import Synchronization
import WidgetHostCore

/// Runs the scheduler over a stretch of time on a virtual clock, calling the real providers
/// with the virtual time as their `now`: when would each widget refresh, and why? A day of the
/// samples takes well under a second, and the same every time.
///
/// The simulation keeps its registry in memory and never touches the daemon's registry
/// database or the shared store's reload queue.
public enum Simulation {
    /// A guard against a provider that keeps asking for reloads at the same instant: the
    /// simulation ends, reporting it, rather than spin.
    public static let maximumSteps = 1_000_000

    /// - Parameters:
    ///   - host: a host whose `clock` is `clock`.
    ///   - duration: how far to run, in seconds of virtual time.
    public static func run(
        host: BundleHost, clock: VirtualClock, settings: SchedulerSettings, duration: TimeInterval
    ) async -> SimulationReport {
        let start = clock.now
        let end = start.addingTimeInterval(duration)
        let calls = Mutex<[SimulatedCall]>([])
        let scheduler = ReloadScheduler(host: host, settings: settings) { event in
            guard case .called(let key, let call, let next) = event else { return }
            calls.withLock { $0.append(SimulatedCall(key: key, call: call, next: next)) }
        }
        var steps = 0
        var stoppedEarly = false
        while true {
            await scheduler.reloadDue()
            steps += 1
            // Half-open, [start, end): a day is 00:00 up to, not including, the next 00:00.
            guard let next = scheduler.nextWakeDate(), next < end else { break }
            guard steps < maximumSteps else {
                stoppedEarly = true
                break
            }
            clock.advance(to: next)
        }
        let last = clock.now
        let budgets = scheduler.plans(at: last).map { record, next in
            SimulatedKindSummary(
                key: record.key, budgetUsed: record.schedule.budget.used(at: last),
                budgetLimit: record.schedule.budget.limit, nextReload: next)
        }
        return SimulationReport(
            start: start, end: end, settings: settings,
            calls: calls.withLock { $0 }.sorted { ($0.call.at, $0.key) < ($1.call.at, $1.key) },
            kinds: budgets, stoppedEarly: stoppedEarly)
    }
}
