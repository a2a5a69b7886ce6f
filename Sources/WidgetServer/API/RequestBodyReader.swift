import Foundation
import Hummingbird
import NIOCore
import NIOPosix

/// Reads a request body whole, within a size cap and a time limit: an oversized body is a 413
/// naming the cap, one dripped slower than the limit a 408, so neither holds a connection.
struct RequestBodyReader: Sendable {
    let limit: Int
    let timeout: Duration

    func read(_ body: RequestBody) async throws(APIError) -> ByteBuffer {
        let limit = self.limit, timeout = self.timeout
        do {
            return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask { try await body.collect(upTo: limit) }
                group.addTask {
                    try await Self.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let buffer = first else {
                    throw APIError(.requestTimeout, code: "bodyTimeout",
                                   "the request body did not arrive within \(timeout.components.seconds) s")
                }
                return buffer
            }
        } catch let error as APIError {
            throw error
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            // NIO's "too many bytes", which Hummingbird answers with an empty 413.
            throw APIError(.contentTooLarge, code: "bodyTooLarge", "the request body is over \(limit / 1024) KiB")
        } catch {
            throw APIError(.badRequest, code: "badBody", "the request body could not be read: \(error)")
        }
    }

    /// Waits `duration` on one of NIO's event loops, or until the task is cancelled (then
    /// throws). Not `Task.sleep`, whose timer runs on libdispatch's pool and so starts its
    /// monitor: a wake-up a second for the rest of the daemon, from its first request with a body.
    private static func sleep(for duration: Duration) async throws {
        let (seconds, attoseconds) = duration.components
        let scheduled = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(
            in: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)) {}
        try await withTaskCancellationHandler {
            try await scheduled.futureResult.get()
        } onCancel: {
            scheduled.cancel()
        }
    }
}
