import Foundation
import Synchronization
import WidgetHostCore

/// The alarm behind `Wakeup`: one thread of its own that sleeps until a wall-clock deadline and
/// then runs the action armed with it.
///
/// Not `Task.sleep`: its wake-up is a job on the cooperative pool (two threads on a 2-core
/// machine), behind whatever blocking work holds the pool, and one more hop between threads,
/// each a wait for a core on a busy machine. The deadline is a `Date`, the clock entry dates are
/// on, and is checked against `Date()` before firing: a sleep that ends early (a spurious
/// wake-up, the clock slewed) sleeps again instead of firing early.
final class WakeupTimer: Sendable {
    private struct State {
        var deadline: Date?
        var action: (@Sendable () -> Void)?
        var closed = false
        var threadStarted = false
    }

    private let state = Mutex(State())
    /// Wakes the thread when the deadline changes: `Mutex` cannot be waited on.
    private let signal = NSCondition()
    /// Runs `action` once at `deadline` (quick: it runs on the timer's thread), replacing
    /// whatever was armed before; a nil deadline only disarms.
    func arm(at deadline: Date?, _ action: @escaping @Sendable () -> Void) {
        let mustStart = state.withLock { state -> Bool in
            state.deadline = deadline
            state.action = deadline == nil ? nil : action
            guard deadline != nil, !state.threadStarted, !state.closed else { return false }
            state.threadStarted = true
            return true
        }
        if mustStart {
            let thread = Thread { [self] in run() }
            thread.name = "widgethost.wakeup"
            thread.start()
        } else {
            wakeThread()
        }
    }

    /// Nothing runs until armed again.
    func disarm() {
        // The thread is not woken: it finds no deadline when it next looks.
        state.withLock { state in
            state.deadline = nil
            state.action = nil
        }
    }

    /// Ends the thread; the timer never fires again.
    func close() {
        state.withLock { $0.closed = true }
        wakeThread()
    }

    private func wakeThread() {
        signal.lock()
        signal.signal()
        signal.unlock()
    }

    private func run() {
        while true {
            // Under the condition's lock from reading the deadline to waiting, so that an `arm`
            // made in between cannot signal before the wait begins.
            signal.lock()
            let (deadline, closed) = state.withLock { ($0.deadline, $0.closed) }
            if closed {
                signal.unlock()
                return
            }
            guard let deadline else {
                signal.wait()
                signal.unlock()
                continue
            }
            if Date() < deadline {
                _ = signal.wait(until: deadline)
                signal.unlock()
                continue
            }
            signal.unlock()
            // Fires only for the deadline it saw due; one set meanwhile is looked at afresh.
            let action = state.withLock { state -> (@Sendable () -> Void)? in
                guard state.deadline == deadline else { return nil }
                defer { (state.deadline, state.action) = (nil, nil) }
                return state.action
            }
            action?()
        }
    }
}
