import Foundation
import HeapModule
import Synchronization

/// Runs an action when its deadline passes unless it is cancelled first: the timeouts of
/// provider calls and worker calls.
///
/// One thread serves every deadline of the process. Arming a dispatch timer per call
/// (`asyncAfter`) cost each call a timer source and a wake-up of the timer thread; here
/// scheduling is a heap insertion, and the thread is woken only when a new deadline is earlier
/// than the one it sleeps towards, which for calls with one fixed timeout is almost never.
/// It sleeps towards the earliest deadline still live: a call's timeout, cancelled when the call
/// returns, does not wake it when the call would have timed out (unless it was the deadline the
/// thread was already sleeping towards).
package final class DeadlineSweeper: Sendable {
    package static let shared = DeadlineSweeper()

    package struct Ticket: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    private struct Scheduled: Comparable {
        let deadline: ContinuousClock.Instant
        let id: UInt64
        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id)
        }
    }

    private struct State {
        var nextID: UInt64 = 0
        var queue = Heap<Scheduled>()
        /// The live actions; a cancelled ticket leaves its heap entry behind, skipped when due.
        var actions: [UInt64: @Sendable () -> Void] = [:]
        /// When the thread means to wake next; nil while it waits for any deadline at all.
        var wakeAt: ContinuousClock.Instant?
        var threadStarted = false
        /// See `DeadlineSweeper.waitsEnded`.
        var waitsEnded = 0

        /// Drops the cancelled entries at the top of the heap, so that the earliest entry is a
        /// live deadline: the one the thread should sleep towards.
        mutating func dropCancelledHead() {
            while let first = queue.min, actions[first.id] == nil { queue.removeMin() }
        }

        /// Cancelled entries are dropped lazily; rebuild before they outnumber the live ones.
        mutating func compactIfMostlyCancelled() {
            guard queue.count > 1_024, queue.count > 2 * actions.count else { return }
            queue = Heap(queue.unordered.filter { actions[$0.id] != nil })
        }
    }

    private let state = Mutex(State())
    /// Wakes the thread: `Mutex` cannot be waited on.
    private let signal = NSCondition()

    /// Runs `action` on the sweeper's thread once `deadline` has passed, unless cancelled.
    /// The action must be quick: every other deadline waits for it.
    @discardableResult
    package func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> Ticket {
        let (ticket, mustWake, mustStart) = state.withLock { state in
            state.nextID += 1
            let id = state.nextID
            state.actions[id] = action
            state.queue.insert(Scheduled(deadline: deadline, id: id))
            state.compactIfMostlyCancelled()
            let mustWake = state.wakeAt.map { deadline < $0 } ?? true
            let mustStart = !state.threadStarted
            state.threadStarted = true
            return (Ticket(id: id), mustWake, mustStart)
        }
        if mustStart {
            let thread = Thread { [self] in
                // Named, or it keeps its creator's name (a dispatch queue's), which hides it in
                // per-thread wake-up counts (`ThreadName` says how).
                ThreadName.setCurrent("wh.deadlines")
                run()
            }
            thread.start()
        } else if mustWake {
            signal.lock()
            signal.signal()
            signal.unlock()
        }
        return ticket
    }

    @discardableResult
    package func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Ticket {
        schedule(at: ContinuousClock.now + delay, action)
    }

    /// The action will not run (unless it is running already).
    package func cancel(_ ticket: Ticket) {
        state.withLock { _ = $0.actions.removeValue(forKey: ticket.id) }
    }

    private func run() {
        let clock = ContinuousClock()
        while true {
            for action in takeDueActions(now: clock.now) { action() }
            // Under the condition's lock from reading the next deadline to waiting, so a
            // `schedule` that sees the new `wakeAt` cannot signal before the wait begins.
            signal.lock()
            let wakeAt = state.withLock { state -> ContinuousClock.Instant? in
                // Towards the earliest live deadline: waiting for cancelled ones (the hang
                // deadline of every call through a worker, cancelled when its answer came) woke
                // the thread for nothing, once for each.
                state.dropCancelledHead()
                state.wakeAt = state.queue.min?.deadline
                return state.wakeAt
            }
            if let wakeAt {
                // A wall-clock date for a `ContinuousClock` deadline: on Linux that clock is
                // CLOCK_BOOTTIME, which a condition cannot wait on, and a CLOCK_MONOTONIC wait
                // would stop during a suspend and end late by its length; the wall clock goes on
                // through one. Ending early (the wall clock stepped forward) only loops once more.
                let seconds = Double((wakeAt - clock.now) / .nanoseconds(1)) / 1e9
                if seconds > 0 {
                    _ = signal.wait(until: Date(timeIntervalSinceNow: seconds))
                    state.withLock { $0.waitsEnded += 1 }
                }
            } else {
                signal.wait()
                state.withLock { $0.waitsEnded += 1 }
            }
            signal.unlock()
        }
    }

    /// How many times the thread's wait has ended, for whatever reason (a deadline, a `schedule`
    /// that moved the next deadline earlier, a spurious wake-up): its wake-ups, which the tests
    /// count.
    var waitsEnded: Int { state.withLock { $0.waitsEnded } }

    private func takeDueActions(now: ContinuousClock.Instant) -> [@Sendable () -> Void] {
        state.withLock { state in
            var due: [@Sendable () -> Void] = []
            while let first = state.queue.min, first.deadline <= now {
                state.queue.removeMin()
                if let action = state.actions.removeValue(forKey: first.id) { due.append(action) }
            }
            return due
        }
    }
}
