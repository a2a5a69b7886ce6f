import Foundation
import Synchronization
import WidgetHostCore

/// How the daemon sleeps: until its next date on the host's clock, or until poked (a reload
/// request, a finished call, a shutdown signal), whichever is first. Nothing polls.
///
/// The alarm is the clock's: on the system clock, the process's deadline thread, which is not
/// the cooperative pool (two threads on a two-core machine, where a wake-up job waits behind
/// every busy task) and never fires before the wall clock reads the deadline; on a virtual
/// clock, the test's `advance`.
final class Wakeup: Sendable {
    private struct State {
        var poked = false
        var waiter: CheckedContinuation<Void, Never>?
        var alarm: ClockAlarm?
    }

    private let state = Mutex(State())
    private let clock: any HostClock

    init(clock: any HostClock) {
        self.clock = clock
    }

    /// Ends the current wait, or the next one if none is under way.
    func poke() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.poked = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns at `deadline` (never, if nil) or at the first poke.
    func wait(until deadline: Date?) async {
        // The alarm pokes like anyone else; one firing just as a real poke lands leaves one
        // spare poke, which costs one extra look at the schedule and nothing more.
        if let deadline {
            // Weak: a pending alarm must not keep the wakeup alive.
            let alarm = clock.schedule(at: deadline) { [weak self] in self?.poke() }
            state.withLock { $0.alarm = alarm }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.poked {
                    state.poked = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        // Cancelled once the lock is released: `cancel` is the clock's code, and the alarm's
        // action (`poke`) takes this lock. One that fires meanwhile leaves a spare poke, as above.
        let alarm = state.withLock { state -> ClockAlarm? in
            defer { state.alarm = nil }
            return state.alarm
        }
        alarm?.cancel()
    }
}
