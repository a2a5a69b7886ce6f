import Foundation
import HeapModule
import Synchronization

/// Where everything that waits for a duration reads the time and sets its alarms: scheduling,
/// budgets, a worker's restart backoff and idle release, the event stream's heartbeats.
///
/// `SystemClock` in a running host; `VirtualClock` in tests and simulations, which moves only
/// when told to, so "after 30 s of backoff" is a call to `advance(by: 30)`, not a sleep.
///
/// Every implementation must guarantee:
/// - `now` never goes backwards between two reads on one thread.
/// - An alarm's action runs once, never before `now` reads its deadline or later, and not at all
///   once cancelled before it started.
/// - An action may run on any thread, including the one that called `schedule` or advanced the
///   clock: it must not take a lock its scheduler holds, and must be quick (post work elsewhere).
public protocol HostClock: Sendable {
    var now: Date { get }

    /// Runs `action` once the clock reads `deadline` or later.
    @discardableResult
    func schedule(at deadline: Date, _ action: @escaping @Sendable () -> Void) -> ClockAlarm
}

extension HostClock {
    @discardableResult
    public func schedule(after interval: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ClockAlarm {
        schedule(at: now.addingTimeInterval(max(0, interval)), action)
    }

    /// Suspends until the clock reads `deadline`; throws `CancellationError` if the task is
    /// cancelled first.
    public func sleep(until deadline: Date) async throws {
        let waiter = AlarmWaiter()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                waiter.install(continuation)
                waiter.keep(schedule(at: deadline) { waiter.finish(nil) })
            }
        } onCancel: {
            waiter.finish(CancellationError())
        }
    }

    public func sleep(for interval: TimeInterval) async throws {
        try await sleep(until: now.addingTimeInterval(max(0, interval)))
    }
}

/// A scheduled action; `cancel()` keeps it from running if it has not started.
public struct ClockAlarm: Sendable {
    private let cancelAction: @Sendable () -> Void

    public init(cancel: @escaping @Sendable () -> Void) {
        cancelAction = cancel
    }

    public func cancel() { cancelAction() }
}

/// The wall clock. Alarms run on the process's deadline thread (`DeadlineSweeper`), which waits
/// on the monotonic clock and checks the wall clock before firing, so an alarm never fires
/// early when the wall clock is slewed or stepped back.
public struct SystemClock: HostClock {
    public init() {}
    public var now: Date { Date() }

    @discardableResult
    public func schedule(at deadline: Date, _ action: @escaping @Sendable () -> Void) -> ClockAlarm {
        let ticket = Mutex<DeadlineSweeper.Ticket?>(nil)
        let cancelled = Atomic<Bool>(false)
        @Sendable func arm() {
            let remaining = deadline.timeIntervalSinceNow
            let next = DeadlineSweeper.shared.schedule(after: .seconds(max(0, remaining))) {
                guard !cancelled.load(ordering: .acquiring) else { return }
                if Date() < deadline { arm() } else { action() }
            }
            ticket.withLock { $0 = next }
        }
        arm()
        return ClockAlarm {
            cancelled.store(true, ordering: .releasing)
            if let current = ticket.withLock({ $0 }) { DeadlineSweeper.shared.cancel(current) }
        }
    }
}

/// A clock that stands still until advanced, so a day of scheduling runs in milliseconds and
/// the same way every time. Alarms that come due run on the thread that advances the clock,
/// in deadline order, before `advance` returns; one scheduled at or before `now` runs at once,
/// on the scheduling thread.
public final class VirtualClock: HostClock {
    private struct Alarm: Comparable {
        let deadline: Date
        let id: UInt64
        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id) }
    }

    private struct State {
        var now: Date
        var nextID: UInt64 = 0
        var queue = Heap<Alarm>()
        var actions: [UInt64: @Sendable () -> Void] = [:]
    }

    private let state: Mutex<State>

    public init(start: Date) {
        state = Mutex(State(now: start))
    }

    public var now: Date { state.withLock { $0.now } }

    /// How many alarms wait for a later time: a test can wait until the code under test has
    /// armed the alarm it is about to advance past.
    public var pendingAlarmCount: Int { state.withLock { $0.actions.count } }

    /// The earliest deadline an alarm waits for, if any.
    public var nextAlarmDate: Date? {
        state.withLock { state in
            while let first = state.queue.min, state.actions[first.id] == nil { state.queue.removeMin() }
            return state.queue.min?.deadline
        }
    }

    @discardableResult
    public func schedule(at deadline: Date, _ action: @escaping @Sendable () -> Void) -> ClockAlarm {
        let id = state.withLock { state -> UInt64? in
            guard deadline > state.now else { return nil }
            state.nextID += 1
            state.actions[state.nextID] = action
            state.queue.insert(Alarm(deadline: deadline, id: state.nextID))
            return state.nextID
        }
        guard let id else {
            action()
            return ClockAlarm {}
        }
        return ClockAlarm { [weak self] in
            self?.state.withLock { _ = $0.actions.removeValue(forKey: id) }
        }
    }

    /// Moves the clock forward, one due alarm at a time (so an alarm's action sees the clock at
    /// its own deadline, and may schedule another that also comes due); it never goes back.
    public func advance(to date: Date) {
        while let action = takeNextAlarm(dueBy: date) { action() }
        state.withLock { $0.now = max($0.now, date) }
    }

    public func advance(by interval: TimeInterval) {
        advance(to: now.addingTimeInterval(max(0, interval)))
    }

    private func takeNextAlarm(dueBy date: Date) -> (@Sendable () -> Void)? {
        state.withLock { state in
            while let first = state.queue.min, first.deadline <= date {
                state.queue.removeMin()
                guard let action = state.actions.removeValue(forKey: first.id) else { continue }
                state.now = max(state.now, first.deadline)
                return action
            }
            return nil
        }
    }
}

/// One `sleep(until:)`: whichever of its alarm and its task's cancellation comes first resumes it.
/// One lock over the continuation, the outcome and the alarm, so a cancellation that lands
/// while the alarm is being set still cancels it.
private final class AlarmWaiter: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        /// Set once: nil inside means the alarm fired, an error that the task was cancelled.
        var outcome: (any Error)??
        var alarm: ClockAlarm?
    }

    private let state = Mutex(State())

    func install(_ continuation: CheckedContinuation<Void, any Error>) {
        let early = state.withLock { state -> (any Error)?? in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        guard let early else { return }
        if let error = early { continuation.resume(throwing: error) } else { continuation.resume() }
    }

    /// Keeps `alarm` to cancel; cancels it at once if the sleep was cancelled meanwhile.
    func keep(_ alarm: ClockAlarm) {
        let cancelNow = state.withLock { state -> Bool in
            if case .some(.some) = state.outcome { return true }
            state.alarm = alarm
            return false
        }
        if cancelNow { alarm.cancel() }
    }

    func finish(_ error: (any Error)?) {
        let (continuation, alarm) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, ClockAlarm?) in
            guard state.outcome == nil else { return (nil, nil) }
            state.outcome = .some(error)
            defer { state.continuation = nil; state.alarm = nil }
            return (state.continuation, error == nil ? nil : state.alarm)
        }
        alarm?.cancel()
        guard let continuation else { return }
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
