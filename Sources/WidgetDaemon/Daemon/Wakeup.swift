import Foundation
import Synchronization
import WidgetHostCore

/// How the daemon sleeps: until its next date, or until poked (a reload request, a finished
/// call, a shutdown signal), whichever is first. Nothing polls.
final class Wakeup: Sendable {
    private struct State {
        var poked = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())
    private let timer = WakeupTimer()

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
        // The timer pokes like anyone else; a timer firing just as a real poke lands leaves one
        // spare poke, which costs one extra look at the schedule and nothing more.
        if let deadline, deadline <= Date() {
            poke()
        } else {
            // Weak: the timer's thread must not keep the wakeup alive (`deinit` ends it).
            timer.arm(at: deadline) { [weak self] in self?.poke() }
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
        timer.disarm()
    }

    deinit {
        timer.close()
    }
}
