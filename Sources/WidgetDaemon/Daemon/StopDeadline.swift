import Foundation
import Synchronization
import WidgetHostCore

/// Bounds a stop: once armed (the first SIGINT or SIGTERM), whatever has not finished by the
/// deadline is named, and the process is ended, so that no stuck call, client or lock can keep
/// a daemon from stopping.
///
/// The alarm is the host clock's (on the system clock, the process's deadline thread, not the
/// cooperative pool, which what is stuck may hold), so a test advances a virtual clock instead
/// of waiting. `unfinished` and `expire` run on that thread and must not wait on anything that
/// can be stuck: `HostDaemon.unfinishedWork` reads its state without waiting for any lock.
public final class StopDeadline: Sendable {
    /// How long a stop may take: a clean stop lets calls under way finish and saves the registry,
    /// which takes well under a second; a call still under way after this is a stuck one.
    public static let standard: TimeInterval = 5

    private let clock: any HostClock
    private let interval: TimeInterval
    private let unfinished: @Sendable () -> [String]
    private let expire: @Sendable (_ unfinished: [String]) -> Void
    private let alarm = Mutex<ClockAlarm?>(nil)
    private let armed = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)

    /// - Parameters:
    ///   - unfinished: what is still under way, a phrase each, read when the deadline passes.
    ///   - expire: called once, at the deadline, with `unfinished()`, if `finish()` was not; the
    ///     daemon's writes its log line and exits.
    public init(
        after interval: TimeInterval = StopDeadline.standard, clock: any HostClock,
        unfinished: @escaping @Sendable () -> [String], expire: @escaping @Sendable (_ unfinished: [String]) -> Void
    ) {
        self.interval = interval
        self.clock = clock
        self.unfinished = unfinished
        self.expire = expire
    }

    /// Starts the countdown; later calls change nothing (a second signal does not extend it).
    public func arm() {
        guard !armed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let alarm = clock.schedule(after: interval) { [self] in
            guard !finished.load(ordering: .acquiring) else { return }
            expire(unfinished())
        }
        self.alarm.withLock { $0 = alarm }
    }

    /// The stop completed in time: the deadline will not fire.
    public func finish() {
        finished.store(true, ordering: .releasing)
        alarm.withLock { $0 }?.cancel()
    }

    /// The log line for a stop that did not finish: what is named, and what happens next.
    public static func message(after interval: TimeInterval, unfinished: [String]) -> String {
        let what = unfinished.isEmpty ? "nothing it could name (the stop itself)" : unfinished.joined(separator: "; ")
        return "widgethost: did not stop within \(Int(interval)) s; unfinished: \(what); exiting now"
    }
}
