import Logging
import Synchronization
import WidgetABI

/// Every provider call in flight, by request token, and the recently finished ones.
///
/// Bundles answer with nothing but a token, so an answer can be matched to its call without
/// trusting anything the bundle holds. The first answer to a pending call resumes it; an
/// answer to a call that already finished (answered, timed out, or a placeholder that returned
/// without answering) is reported as a `CompletionViolation` and otherwise ignored.
final class RequestTable: Sendable {
    /// One table per process: the C completion function has no context but the token.
    static let shared = RequestTable()

    /// How many finished requests are remembered, to tell a late answer from a stray one.
    private static let finishedMemory: UInt64 = 4_096

    fileprivate struct Pending {
        let label: RequestLabel
        let maxPayloadBytes: Int
        let continuation: CheckedContinuation<RequestOutcome, Never>
    }

    fileprivate struct Finished {
        let label: RequestLabel
        let outcome: RequestOutcome.Summary
    }

    fileprivate struct State {
        var nextToken: wk_request_token_t = 1
        var pending: [wk_request_token_t: Pending] = [:]
        var finished: [wk_request_token_t: Finished] = [:]
    }

    private let state = Mutex(State())
    private let logger = Logger(label: "widgethost.requests")

    /// Registers a call; the continuation is resumed exactly once, by `complete` or `finish`.
    func begin(
        _ label: RequestLabel,
        maxPayloadBytes: Int,
        continuation: CheckedContinuation<RequestOutcome, Never>
    ) -> wk_request_token_t {
        state.withLock { state in
            let token = state.nextToken
            state.nextToken += 1
            state.pending[token] = Pending(label: label, maxPayloadBytes: maxPayloadBytes, continuation: continuation)
            return token
        }
    }

    /// A bundle answered. Copies the payload before returning, as `completion.h` promises.
    func complete(_ token: wk_request_token_t, payload: UnsafeRawBufferPointer) {
        let resolved = state.withLock { state -> (Pending, RequestOutcome)? in
            guard let pending = state.pending.removeValue(forKey: token) else { return nil }
            let outcome: RequestOutcome = payload.count > pending.maxPayloadBytes
                ? .payloadTooLarge(bytes: payload.count)
                : .completed(Array(payload))
            state.remember(token, Finished(label: pending.label, outcome: outcome.summary))
            return (pending, outcome)
        }
        if let (pending, outcome) = resolved {
            return pending.continuation.resume(returning: outcome)
        }
        reportStrayCompletion(token)
    }

    /// The host stops waiting: resumes the call with `outcome` unless it was answered already.
    func finish(_ token: wk_request_token_t, _ outcome: RequestOutcome) {
        let pending = state.withLock { state -> Pending? in
            guard let pending = state.pending.removeValue(forKey: token) else { return nil }
            state.remember(token, Finished(label: pending.label, outcome: outcome.summary))
            return pending
        }
        pending?.continuation.resume(returning: outcome)
    }

    private func reportStrayCompletion(_ token: wk_request_token_t) {
        let finished = state.withLock { $0.finished[token] }
        guard let finished else {
            logger.error("a bundle answered request \(token), which this host never made or has forgotten; ignored")
            return
        }
        let violation = CompletionViolation(token: token, call: finished.label.call, after: finished.outcome)
        finished.label.onViolation(violation)
    }
}

extension RequestTable.State {
    fileprivate mutating func remember(_ token: wk_request_token_t, _ finished: RequestTable.Finished) {
        self.finished[token] = finished
        if UInt64(self.finished.count) > 2 * RequestTable.finishedMemory {
            let oldest = nextToken - RequestTable.finishedMemory
            self.finished = self.finished.filter { $0.key >= oldest }
        }
    }
}

/// Who a request was for, and where to report a completion that comes wrong.
struct RequestLabel: Sendable {
    let call: ProviderCall
    let onViolation: @Sendable (CompletionViolation) -> Void
}

/// How a request ended.
enum RequestOutcome: Sendable {
    case completed([UInt8])
    case payloadTooLarge(bytes: Int)
    case timedOut
    case returnedWithoutCompleting

    /// What a later, stray completion is measured against.
    enum Summary: String, Sendable, Hashable, Codable {
        case completed
        case timedOut
        case returnedWithoutCompleting
    }

    var summary: Summary {
        switch self {
        case .completed, .payloadTooLarge: .completed
        case .timedOut: .timedOut
        case .returnedWithoutCompleting: .returnedWithoutCompleting
        }
    }
}

/// A completion that came for a request that had already finished: the second answer to a call,
/// or an answer after the host gave up waiting.
public struct CompletionViolation: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    public let token: UInt64
    public let call: ProviderCall
    let after: RequestOutcome.Summary

    public var isSecondCompletion: Bool { after == .completed }

    public var description: String {
        switch after {
        case .completed:
            "the \(call.rawValue) completion was called a second time (request \(token)); call it exactly once"
        case .timedOut:
            "the \(call.rawValue) completion came after the host stopped waiting (request \(token)); answer within the timeout"
        case .returnedWithoutCompleting:
            "the placeholder completion came after placeholder returned (request \(token)); placeholder must complete before it returns"
        }
    }
}
