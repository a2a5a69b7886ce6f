import Foundation
import WidgetHostCore
import WidgetDaemon

// The scheduling JSON shared by `run --format json`, `status`, `simulate` and the server's
// `/v1/widgets`. Add fields, never rename them.

public struct PlannedReloadJSON: Encodable {
    /// ISO-8601; null when nothing will reload the kind (a `.never` policy, no request).
    @ExplicitNull public private(set) var at: String?
    /// What decides the date: initial, policy, request, forced, backoff, budget,
    /// minimumInterval, or never.
    public let reason: String
    /// What wants the reload, before anything holds it back.
    @ExplicitNull public private(set) var cause: String?

    public init(_ planned: PlannedReload) {
        at = planned.date?.isoString
        reason = planned.reason
        cause = planned.cause?.rawValue
    }
}

public struct CallSummaryJSON: Encodable {
    public let at: String
    public let cause: String
    public let durationMs: Double
    /// "ok" or "failed".
    public let result: String
    public let entries: Int?
    public let error: ErrorJSON?

    public struct ErrorJSON: Encodable {
        public let code: String
        public let message: String
    }

    public init(_ call: CallSummary) {
        at = call.at.isoString
        cause = call.cause.rawValue
        durationMs = (call.duration * 1_000_000).rounded() / 1_000
        switch call.outcome {
        case .succeeded(let count):
            (result, entries, error) = ("ok", count, nil)
        case .failed(let code, let message):
            (result, entries, error) = ("failed", nil, ErrorJSON(code: code, message: message))
        }
    }
}

public struct BudgetStatusJSON: Encodable {
    /// Scheduled reloads counted in the 24 hours before `at`.
    public let used: Int
    public let limit: Int
    public let remaining: Int
    /// When the next reload is held by the budget: when the budget lets it run; null otherwise.
    @ExplicitNull public private(set) var waitsUntil: String?

    public init(_ budget: RefreshBudget, at date: Date, next: PlannedReload) {
        used = budget.used(at: date)
        limit = budget.limit
        remaining = budget.remaining(at: date)
        waitsUntil = next.hold == .budget ? next.date?.isoString : nil
    }
}

public struct RecordedErrorJSON: Encodable {
    public let code: String
    public let message: String
    public let at: String

    public init(_ error: RecordedError) {
        code = error.code
        message = error.description
        at = error.at.isoString
    }
}
