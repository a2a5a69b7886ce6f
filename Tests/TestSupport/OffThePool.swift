import Foundation
import Synchronization

/// Runs blocking work (compiling fixtures, making a host that scans in workers, waiting for
/// processes) on a thread of its own, and awaits it.
///
/// On a 2-core machine the cooperative pool has two threads, shared by every suite of the test
/// process. A test that blocks one for seconds stalls every other suite's tasks as long: a
/// provider's async answer, a daemon's wake-up. So tests block here, never on the pool.
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}

/// A long piece of blocking work (compiling fixtures) started on a thread of its own at first
/// use, and its result handed to everyone who asks, awaited or waited for.
///
/// An awaiting task is resumed from a serial queue, never blocking the cooperative pool; a
/// thread of its own (inside `offThePool`) may wait. Neither needs a pool thread to finish, so
/// tests blocked on it cannot starve it.
public final class BackgroundBuild<Value: Sendable>: Sendable {
    private let finished = DispatchGroup()
    private let result = Mutex<Result<Value, any Error>?>(nil)
    private let resuming = DispatchQueue(label: "widgethost-tests.background-build")

    public init(_ body: @escaping @Sendable () throws -> Value) {
        finished.enter()
        Thread.detachNewThread { [self] in
            let outcome = Result { try body() }
            result.withLock { $0 = outcome }
            finished.leave()
        }
    }

    /// The result, once the work has finished.
    public func value() async throws -> Value {
        await withCheckedContinuation { continuation in
            finished.notify(queue: resuming) { continuation.resume() }
        }
        return try result.withLock { $0! }.get()
    }

    /// The result, blocking this thread until the work has finished: only on a thread of its own.
    @available(*, noasync, message: "blocks a thread until the build ends; await value() instead")
    public func waitedValue() throws -> Value {
        finished.wait()
        return try result.withLock { $0! }.get()
    }
}
