import Foundation
import WidgetHostCore
import WidgetDaemon

// The scheduling JSON shared by `run --format json`, `status` and `simulate`. Add fields, never
// rename them.

struct PlannedReloadJSON: Encodable {
    /// ISO-8601; null when nothing will reload the kind (a `.never` policy, no request).
    let at: String?
    /// What decides the date: initial, policy, request, forced, backoff, budget,
    /// minimumInterval, or never.
    let reason: String
    /// What wants the reload, before anything holds it back.
    let cause: String?

    init(_ planned: PlannedReload) {
        at = planned.date?.isoString
        reason = planned.reason
        cause = planned.cause?.rawValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(at, forKey: .at)
        try container.encode(reason, forKey: .reason)
        try container.encode(cause, forKey: .cause)
    }

    private enum CodingKeys: String, CodingKey { case at, reason, cause }
}

struct CallSummaryJSON: Encodable {
    let at: String
    let cause: String
    let durationMs: Double
    /// "ok" or "failed".
    let result: String
    let entries: Int?
    let error: ErrorJSON?

    struct ErrorJSON: Encodable {
        let code: String
        let message: String
    }

    init(_ call: CallSummary) {
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
