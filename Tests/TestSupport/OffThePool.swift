import Foundation

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
