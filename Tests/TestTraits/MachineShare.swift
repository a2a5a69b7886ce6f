import Synchronization
import Testing

/// Keeps the tests that time things apart from the test that loads the machine on purpose.
///
/// The daemon's wake-up stress test spins both cores and writes to the disk for minutes; the
/// CLI's hostile-value sweep starts hundreds of processes, several at once. Tests
/// whose outcome depends on time (a worker's restart backoff, a validator's timeout, a late
/// completion's delay) run in the same process, and failed whenever they overlapped it. So a
/// suite or test marked `.timed` shares the machine with other timed ones, and one marked
/// `.loadsTheMachine` waits for every timed one under way, then has the machine to itself
/// (among marked tests; unmarked ones still run beside it).
public struct MachineShare: SuiteTrait, TestTrait, TestScoping {
    let exclusive: Bool

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        // Once around a whole suite, or around all the cases of one test function.
        testCase == nil ? self : nil
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await MachineLease.process.acquire(exclusive: exclusive)
        defer { MachineLease.process.release(exclusive: exclusive) }
        try await function()
    }
}

extension Trait where Self == MachineShare {
    /// Depends on time: never runs while a test loads the machine on purpose.
    public static var timed: MachineShare { MachineShare(exclusive: false) }
    /// Loads the machine on purpose: runs while no `.timed` test does.
    public static var loadsTheMachine: MachineShare { MachineShare(exclusive: true) }
}

/// A readers–writer lock for tasks, with the writer first: once a writer waits, new readers
/// queue behind it, so a steady stream of timed tests cannot keep the loading one out for ever.
final class MachineLease: Sendable {
    /// One for the test process: every test target shares the machine.
    static let process = MachineLease()

    private struct State {
        var readers = 0
        var writing = false
        var waitingReaders: [CheckedContinuation<Void, Never>] = []
        var waitingWriters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    func acquire(exclusive: Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if exclusive {
                    guard state.readers == 0, !state.writing else {
                        state.waitingWriters.append(continuation)
                        return false
                    }
                    state.writing = true
                } else {
                    guard !state.writing, state.waitingWriters.isEmpty else {
                        state.waitingReaders.append(continuation)
                        return false
                    }
                    state.readers += 1
                }
                return true
            }
            if now { continuation.resume() }
        }
    }

    func release(exclusive: Bool) {
        let resumed = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            if exclusive { state.writing = false } else { state.readers -= 1 }
            guard !state.writing else { return [] }
            if !state.waitingWriters.isEmpty {
                guard state.readers == 0 else { return [] }
                state.writing = true
                return [state.waitingWriters.removeFirst()]
            }
            let readers = state.waitingReaders
            state.waitingReaders = []
            state.readers += readers.count
            return readers
        }
        for continuation in resumed { continuation.resume() }
    }
}
