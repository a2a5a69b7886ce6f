/// A `wk_bundle_t.perform` completion that came for a request already finished: the intent
/// answered a second time, or after the host stopped waiting (ABI 1.4). Recorded by the host
/// (`BundleHost.intentViolations`), as a provider's `CompletionViolation` is against its key.
public struct IntentCompletionViolation: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind whose bundle was asked to perform.
    public let kind: String
    public let intent: String
    public let token: UInt64
    package let after: RequestOutcome.Summary

    package init(kind: String, intent: String, token: UInt64, after: RequestOutcome.Summary) {
        self.kind = kind
        self.intent = intent
        self.token = token
        self.after = after
    }

    public var isSecondCompletion: Bool { after == .completed }

    public var description: String {
        switch after {
        case .completed:
            "intent '\(intent)' of \(kind) completed a second time (request \(token)); complete a perform exactly once"
        case .timedOut, .returnedWithoutCompleting:
            "intent '\(intent)' of \(kind) completed after the host stopped waiting (request \(token)); answer within the perform timeout"
        }
    }
}
