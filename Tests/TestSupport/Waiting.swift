import Dispatch
import Foundation
import Synchronization
import Testing

/// The one way a test waits: for the thing it expects, never for a length of time.
///
/// `waitUntil` re-checks a condition whenever the machine had a moment to change it (a worker's
/// reply, a file written by another process, a line of output) and returns as soon as it holds.
/// Its hang guard fires only when nothing happened for minutes, which on a healthy machine means
/// something is stuck: the test then fails naming what it waited for, instead of hanging CI.
/// Where the code under test can tell the test directly, use `EventLog` and wait on it instead:
/// no re-checking at all.

/// How long a wait may last before the test is declared stuck. Generous on purpose: a loaded
/// two-core machine must never reach it by being slow.
public let hangGuard: Duration = .seconds(180)

/// `hangGuard` in seconds, for the APIs that take a `Double` (call limits, worker reads).
public let hangGuardSeconds = Double(hangGuard.components.seconds)

/// The condition a `waitUntil` gave up on.
public struct StuckWaiting: Error, CustomStringConvertible {
    public let what: String
    public let waited: Duration
    public var description: String { "stuck: still waiting for \(what) after \(waited)" }
}

/// Returns once `condition` holds; throws `StuckWaiting` (and records an issue at the caller)
/// if it still does not after `hangGuard`.
public func waitUntil(
    _ what: String, hangGuard limit: Duration = hangGuard, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let start = clock.now
    var pause = Duration.microseconds(100)
    while try !condition() {
        if clock.now - start > limit {
            let stuck = StuckWaiting(what: what, waited: limit)
            Issue.record("\(stuck)", sourceLocation: sourceLocation)
            throw stuck
        }
        await recheckLater(after: pause)
        pause = min(pause * 2, .milliseconds(20))
    }
}

/// As `waitUntil`, for a value: returns the first non-nil `value()`.
public func waitFor<Value>(
    _ what: String, hangGuard limit: Duration = hangGuard, sourceLocation: SourceLocation = #_sourceLocation,
    _ value: () throws -> Value?
) async throws -> Value {
    var found: Value?
    try await waitUntil(what, hangGuard: limit, sourceLocation: sourceLocation) {
        found = try value()
        return found != nil
    }
    return found!
}

/// Gives other threads and processes a moment before the next look. Not a wait for time: the
/// caller loops until its condition holds; this only keeps the loop from spinning a core that
/// the code under test needs. Off the cooperative pool, which that code may need too.
private func recheckLater(after pause: Duration) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(pause.nanoseconds)) { continuation.resume() }
    }
}

/// Events the code under test reports (through a callback the test hands it), kept in order, and
/// waited on without any re-checking: each append wakes the waiters whose condition now holds.
public final class EventLog<Event: Sendable>: Sendable {
    private struct Waiter {
        let matches: @Sendable ([Event]) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var events: [Event] = []
        var waiters: [UInt64: Waiter] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    public init() {}

    public var all: [Event] { state.withLock { $0.events } }

    public func append(_ event: Event) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.events.append(event)
            let events = state.events
            let due = state.waiters.filter { $0.value.matches(events) }
            for id in due.keys { state.waiters.removeValue(forKey: id) }
            return due.map(\.value.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns the events once `condition` holds of them; records an issue and throws
    /// `StuckWaiting` if it still does not after `hangGuard`.
    @discardableResult
    public func wait(
        for what: String, hangGuard limit: Duration = hangGuard, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: @escaping @Sendable ([Event]) -> Bool
    ) async throws -> [Event] {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        // The hang guard: ends the wait only when stuck, and is cancelled as soon as it is over.
        let hangGuardItem = DispatchWorkItem { [weak self] in self?.resumeStuck(id) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(limit.nanoseconds), execute: hangGuardItem)
        defer { hangGuardItem.cancel() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if condition(state.events) { return true }
                state.waiters[id] = Waiter(matches: condition, continuation: continuation)
                return false
            }
            if now { continuation.resume() }
        }
        let events = all
        guard condition(events) else {
            let stuck = StuckWaiting(what: what, waited: limit)
            Issue.record("\(stuck); seen: \(events)", sourceLocation: sourceLocation)
            throw stuck
        }
        return events
    }

    private func resumeStuck(_ id: UInt64) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
    }
}

extension Duration {
    /// The whole duration in nanoseconds, for Dispatch's deadlines.
    var nanoseconds: Int {
        Int(components.seconds) * 1_000_000_000 + Int(components.attoseconds / 1_000_000_000)
    }
}
