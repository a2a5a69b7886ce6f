import Foundation
import WidgetHostCore
import WidgetDaemon
import WidgetHostJSON

// The JSON of `simulate`. Add fields, never rename them.

/// `simulate --format json`.
struct SimulationJSON: Encodable {
    let start: String
    let end: String
    let settings: SettingsJSON
    /// Every kind × family simulated (those of `--kind`, if given), by kind and then family.
    let kinds: [SimulatedKindJSON]
    /// True when a provider kept the scheduler busy at one instant and the run was cut short.
    let stoppedEarly: Bool

    init(_ report: SimulationReport, kinds selected: Set<String>?) {
        start = report.start.isoString
        end = report.end.isoString
        settings = SettingsJSON(report.settings)
        kinds = report.kinds
            .filter { selected?.contains($0.key.kind) ?? true }
            .sorted { $0.key < $1.key }
            .map { SimulatedKindJSON($0, calls: report.calls(for: $0.key)) }
        stoppedEarly = report.stoppedEarly
    }
}

struct SimulatedKindJSON: Encodable {
    let kind: String
    let family: String
    /// A user-added instance's id; absent for a kind's implicit instance.
    let instance: String?
    let calls: [SimulatedCallJSON]
    let budget: SimulatedBudgetJSON
    /// What the scheduler plans when the simulated span ends.
    let nextReload: PlannedReloadJSON

    init(_ summary: SimulatedKindSummary, calls: [SimulatedCall]) {
        kind = summary.key.kind
        family = summary.key.family.rawValue
        instance = summary.key.instance?.rawValue
        self.calls = calls.map(SimulatedCallJSON.init)
        budget = SimulatedBudgetJSON(used: summary.budgetUsed, limit: summary.budgetLimit)
        nextReload = PlannedReloadJSON(summary.nextReload)
    }
}

/// Scheduled reloads counted in the 24 hours before the end of the span, and the limit.
struct SimulatedBudgetJSON: Encodable {
    let used: Int
    let limit: Int
}

/// A call's summary (the fields of `CallSummaryJSON`) and, under "next", what was planned after it.
///
/// `durationMs` is virtual time, which stands still during a call: always 0. The wall-clock
/// time the provider took is left out so the same simulation prints the same JSON every time.
struct SimulatedCallJSON: Encodable {
    let call: CallSummaryJSON
    let next: PlannedReloadJSON

    init(_ simulated: SimulatedCall) {
        let virtual = CallSummary(at: simulated.call.at, cause: simulated.call.cause, duration: 0, outcome: simulated.call.outcome)
        call = CallSummaryJSON(virtual)
        next = PlannedReloadJSON(simulated.next)
    }

    func encode(to encoder: any Encoder) throws {
        try call.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(next, forKey: .next)
    }

    private enum CodingKeys: String, CodingKey { case next }
}
