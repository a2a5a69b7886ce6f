import Foundation
import WidgetHostCore
import WidgetDaemon
import WidgetHostJSON

/// `simulate`'s text: a schedule a person can read. A header with the span and the settings,
/// then for each kind and family a summary line and its calls, one short line each.
enum SimulationText {
    static func report(_ report: SimulationReport, kinds selected: Set<String>?) -> String {
        let clock = DayClock(start: report.start)
        // Times past the first day are longer; calls line up to the longest.
        let timeWidth = clock.time(report.end).count
        var lines = [
            "Simulated \(hours(report.end.timeIntervalSince(report.start))): \(report.start.isoString) to \(report.end.isoString)",
            "Settings: \(StatusText.settings(report.settings))",
            "Times are UTC; +Nd is the day after the start's.",
        ]
        if report.stoppedEarly { lines.append("Stopped early: a provider kept asking for reloads at one instant.") }
        let summaries = report.kinds.filter { selected?.contains($0.key.kind) ?? true }.sorted { $0.key < $1.key }
        if summaries.isEmpty { lines.append("\nNo widget kinds to simulate. See `widgethost bundles` for what was searched.") }
        for summary in summaries {
            let calls = report.calls(for: summary.key)
            lines.append("")
            lines.append(self.summary(summary, calls: calls, clock: clock))
            lines.append(contentsOf: calls.map { "  " + line($0, clock: clock, timeWidth: timeWidth) })
        }
        return lines.joined(separator: "\n")
    }

    /// `CounterWidget (systemSmall): 73 calls (1 initial, 72 policy); budget 72/72, ran out at …; next …`
    static func summary(_ summary: SimulatedKindSummary, calls: [SimulatedCall], clock: DayClock) -> String {
        let causes = ReloadCause.allCases.compactMap { cause -> String? in
            let count = calls.count { $0.call.cause == cause }
            return count == 0 ? nil : "\(count) \(cause.rawValue)"
        }
        let failed = calls.count { !$0.call.succeeded }
        var text = "\(summary.key.description): \(calls.count) call\(calls.count == 1 ? "" : "s")"
        if !causes.isEmpty { text += " (\(causes.joined(separator: ", ")))" }
        if failed > 0 { text += ", \(failed) failed" }
        text += "; budget \(summary.budgetUsed)/\(summary.budgetLimit)"
        // The budget ran out with the first call after which the planner waited for it.
        if let spent = calls.first(where: { $0.next.hold == .budget }) {
            text += ", ran out at \(clock.time(spent.call.at))"
        }
        return text + "; then \(next(summary.nextReload, clock: clock))"
    }

    /// `00:05:00  policy   ok, 3 entries  → 00:10:00 minimumInterval`
    static func line(_ simulated: SimulatedCall, clock: DayClock, timeWidth: Int = 8) -> String {
        let call = simulated.call
        let result = switch call.outcome {
        case .succeeded(let entries): "ok, \(entries) entr\(entries == 1 ? "y" : "ies")"
        case .failed(let code, _): "FAILED \(code)"
        }
        return "\(pad(clock.time(call.at), timeWidth))  \(pad(call.cause.rawValue, 7))  \(pad(result, 12))  → \(next(simulated.next, clock: clock))"
    }

    /// `00:10:00 minimumInterval`, with the cause when something else holds the reload back.
    static func next(_ planned: PlannedReload, clock: DayClock) -> String {
        guard let date = planned.date else { return "never" }
        return "\(clock.time(date)) \(StatusText.reason(planned))"
    }

    static func hours(_ interval: TimeInterval) -> String {
        let hours = interval / 3_600
        return "\(hours.formatted(.number.grouping(.never))) h"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

/// Times of day in UTC, with a `+Nd` day offset past the day the simulation started on.
struct DayClock {
    let start: Date

    private static let secondsPerDay: Double = 86_400

    /// `HH:MM:SS`, or `HH:MM:SS+1d` on the next day; fractions of a second are cut.
    func time(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let day = (seconds / Self.secondsPerDay).rounded(.down)
        let startDay = (start.timeIntervalSince1970 / Self.secondsPerDay).rounded(.down)
        let ofDay = Int(seconds - day * Self.secondsPerDay)
        let text = String(format: "%02d:%02d:%02d", ofDay / 3_600, ofDay / 60 % 60, ofDay % 60)
        let offset = Int(day - startDay)
        return offset == 0 ? text : text + (offset > 0 ? "+\(offset)d" : "\(offset)d")
    }
}
