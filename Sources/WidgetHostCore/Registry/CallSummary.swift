import Foundation

/// The last timeline call the scheduler made for a kind in a family.
public struct CallSummary: Sendable, Hashable, Codable {
    public enum Outcome: Sendable, Hashable, Codable {
        case succeeded(entries: Int)
        /// `code` is the error's stable code (`timedOut`, `providerFailed`, …).
        case failed(code: String, message: String)
    }

    public let at: Date
    public let cause: ReloadCause
    public let duration: TimeInterval
    public let outcome: Outcome

    public init(at: Date, cause: ReloadCause, duration: TimeInterval, outcome: Outcome) {
        self.at = at
        self.cause = cause
        self.duration = duration
        self.outcome = outcome
    }

    public var succeeded: Bool {
        if case .succeeded = outcome { return true }
        return false
    }
}
