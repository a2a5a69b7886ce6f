import Logging
import Synchronization
import WidgetABI

/// Every provider call in flight, by request token, and the recently finished ones.
///
/// Bundles answer with nothing but a token, so an answer can be matched to its call without
/// trusting anything the bundle holds. The first answer to a pending call finishes it; an
/// answer to a call that already finished (answered, timed out, or a placeholder that returned
/// without answering) is reported as a `CompletionViolation` and otherwise ignored.
///
/// A call ends in a callback, not a continuation, run on the thread that ended it: the worker
/// writes its result frame right there, with no task to wake.
final class RequestTable: Sendable {
    /// One table per process: the C completion function has no context but the token.
    static let shared = RequestTable()

    /// How many finished requests are remembered, to tell a late answer from a stray one.
    private static let finishedMemory: UInt64 = 4_096

    /// Runs once, when the request ends, on the thread that ended it.
    typealias Completion = @Sendable (RequestOutcome) -> Void

    fileprivate struct Pending {
        let label: RequestLabel
        let maxPayloadBytes: Int
        let onFinish: Completion
        /// The timeout, cancelled when the request ends first.
        var deadline: DeadlineSweeper.Ticket?
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

    /// Registers a call; `onFinish` runs exactly once, from `complete` or `finish`, on the
    /// thread that calls it. It must not call back into the table for the same token.
    func begin(_ label: RequestLabel, maxPayloadBytes: Int, onFinish: @escaping Completion) -> wk_request_token_t {
        state.withLock { state in
            let token = state.nextToken
            state.nextToken += 1
            state.pending[token] = Pending(label: label, maxPayloadBytes: maxPayloadBytes, onFinish: onFinish)
            return token
        }
    }

    /// Ties a request's timeout to it, so that it is cancelled when the request ends: at once if
    /// it has ended already (the call may finish before its deadline is even scheduled).
    func attach(_ deadline: DeadlineSweeper.Ticket, to token: wk_request_token_t) {
        let attached = state.withLock { state -> Bool in
            guard state.pending[token] != nil else { return false }
            state.pending[token]?.deadline = deadline
            return true
        }
        if !attached { DeadlineSweeper.shared.cancel(deadline) }
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
        guard let (pending, outcome) = resolved else { return reportStrayCompletion(token) }
        end(pending, outcome)
    }

    /// The host stops waiting: ends the call with `outcome` unless it was answered already.
    func finish(_ token: wk_request_token_t, _ outcome: RequestOutcome) {
        let pending = state.withLock { state -> Pending? in
            guard let pending = state.pending.removeValue(forKey: token) else { return nil }
            state.remember(token, Finished(label: pending.label, outcome: outcome.summary))
            return pending
        }
        if let pending { end(pending, outcome) }
    }

    /// Outside the lock: the callback may take its time (the worker writes a frame in it).
    private func end(_ pending: Pending, _ outcome: RequestOutcome) {
        if let deadline = pending.deadline { DeadlineSweeper.shared.cancel(deadline) }
        pending.onFinish(outcome)
    }

    private func reportStrayCompletion(_ token: wk_request_token_t) {
        let finished = state.withLock { $0.finished[token] }
        guard let finished else {
            logger.error("a bundle answered request \(token), which this host never made or has forgotten; ignored")
            return
        }
        switch finished.label {
        case .provider(let call, let onViolation):
            onViolation(CompletionViolation(token: token, call: call, after: finished.outcome))
        case .entityOptions(let parameter):
            // No timeline key to record it against, and nothing waits for it any more: a log line.
            let when = finished.outcome == .completed ? "a second time" : "after the host stopped waiting"
            logger.warning("a bundle answered entity_options for parameter '\(parameter)' (request \(token)) \(when); ignored")
        case .entityQuery(let parameter):
            let when = finished.outcome == .completed ? "a second time" : "after the host stopped waiting"
            logger.warning("a bundle answered entity_query for parameter '\(parameter)' (request \(token)) \(when); ignored")
        case .perform(let kind, let intent, let onViolation):
            onViolation(IntentCompletionViolation(kind: kind, intent: intent, token: token, after: finished.outcome))
        case .previews:
            let when = finished.outcome == .completed ? "a second time" : "after the host stopped waiting"
            logger.warning("a bundle answered previews (request \(token)) \(when); ignored")
        }
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
enum RequestLabel: Sendable {
    /// A provider call: a wrong completion is a `CompletionViolation`, reported to `onViolation`.
    case provider(ProviderCall, onViolation: @Sendable (CompletionViolation) -> Void)
    /// An entity parameter's options (`wk_widget_t.entity_options`): a wrong completion is logged.
    case entityOptions(parameter: String)
    /// An entity parameter's query (`wk_widget_t.entity_query`): a wrong completion is logged.
    case entityQuery(parameter: String)
    /// An intent's perform (`wk_bundle_t.perform`): a wrong completion is an
    /// `IntentCompletionViolation`, reported to `onViolation`.
    case perform(kind: String, intent: String, onViolation: @Sendable (IntentCompletionViolation) -> Void)
    /// A kind's previews (`wk_widget_t.previews`): a wrong completion is logged.
    case previews
}

/// How a request ended.
package enum RequestOutcome: Sendable {
    case completed([UInt8])
    case payloadTooLarge(bytes: Int)
    case timedOut
    case returnedWithoutCompleting

    /// What a later, stray completion is measured against.
    package enum Summary: String, Sendable, Hashable, Codable {
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
    package let after: RequestOutcome.Summary

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
