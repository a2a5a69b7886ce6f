import Foundation
import Testing
import TestSupport
import WidgetABI

/// One answer a bundle gave through a test's `wk_completion_t`.
struct CompletionReply: Sendable, CustomStringConvertible {
    let token: UInt64
    let bytes: [UInt8]

    var description: String { "\(token): \(String(decoding: bytes, as: UTF8.self))" }
}

/// Every answer, in the order they came: each file's completion appends here, and a test waits
/// for the answer to its own token (tokens are unique across the target's tests).
let completionReplies = EventLog<CompletionReply>()

/// A `wk_completion_t` that appends each answer to `completionReplies`.
// Unsafe is fine: written once here, only read afterwards, like the host's own completion table.
nonisolated(unsafe) let recordingCompletion: UnsafePointer<wk_completion_t> = {
    let completion = UnsafeMutablePointer<wk_completion_t>.allocate(capacity: 1)
    completion.initialize(to: wk_completion_t(
        struct_size: UInt32(MemoryLayout<wk_completion_t>.size),
        complete: { token, json, length in
            completionReplies.append(CompletionReply(token: token, bytes: Array(UnsafeRawBufferPointer(start: json, count: length))))
        }))
    return UnsafePointer(completion)
}()

extension EventLog where Event == CompletionReply {
    /// Waits for the first answer to `token` (the bundle calls back as soon as it has one;
    /// only a call that never answers reaches the hang guard) and returns its bytes.
    func firstReply(to token: UInt64, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [UInt8] {
        let replies = try await wait(for: "the answer to call \(token)", sourceLocation: sourceLocation) {
            $0.contains { $0.token == token }
        }
        return replies.first { $0.token == token }!.bytes
    }

    /// The answers to `token` so far.
    func replies(to token: UInt64) -> [[UInt8]] {
        all.filter { $0.token == token }.map(\.bytes)
    }
}
