import Foundation
import TextTable
import WidgetHostCore
import WidgetDaemon
import WidgetHostJSON
import WidgetPayload

/// The readable text of `status` and `stack`.
enum StatusText {
    static func status(_ snapshot: RegistrySnapshot, at date: Date) -> String {
        var lines = header(snapshot, at: date)
        guard snapshot.exists else {
            lines.append("")
            lines.append(noRegistry(snapshot))
            return lines.joined(separator: "\n")
        }
        guard !snapshot.records.isEmpty else {
            lines.append("\nThe registry holds no kinds yet.")
            return lines.joined(separator: "\n")
        }
        let rows = snapshot.records.map { ($0, ReloadPlanner.plan(for: $0, settings: snapshot.settings, now: date)) }
        lines.append("\nTimelines:")
        lines.append(timelines(rows, at: date))
        lines.append("\nScheduler:")
        lines.append(scheduler(rows, at: date))
        for instance in snapshot.unavailableInstances {
            lines.append("\nUnavailable: instance \(instance.id) of \(instance.kind) (\(instance.family.rawValue)); no loaded bundle declares the kind, so it is kept but not called.")
        }
        return lines.joined(separator: "\n")
    }

    /// What to say when no daemon and no refresh has made the registry database yet.
    static func noRegistry(_ snapshot: RegistrySnapshot) -> String {
        "No registry yet: \(snapshot.url.path) does not exist. `widgethost run` or `widgethost refresh` creates it."
    }

    static func header(_ snapshot: RegistrySnapshot, at date: Date) -> [String] {
        [
            "Status as of \(date.isoString)",
            "Registry: \(snapshot.url.path)\(snapshot.exists ? "" : " (none yet)")",
            "Daemon:   \(daemon(snapshot))",
            "Settings: \(settings(snapshot.settings)) (\(snapshot.savedSettings == nil ? "defaults; no daemon has saved any" : "as the last daemon saved them"))",
        ]
    }

    static func daemon(_ snapshot: RegistrySnapshot) -> String {
        let recorded = snapshot.daemonRecord.map { "pid \($0.pid), started \($0.startedAt.isoString)" }
        if snapshot.daemonRunning { return "running" + (recorded.map { ", \($0)" } ?? "") }
        return "not running" + (recorded.map { " (the last one, \($0), did not stop cleanly)" } ?? "")
    }

    static func settings(_ settings: SchedulerSettings) -> String {
        "budget \(settings.budgetLimit) reloads per kind and family per 24 h, "
            + "backoff \(seconds(settings.backoff.initial)) doubling to \(seconds(settings.backoff.maximum)), "
            + "minimum interval \(seconds(settings.minimumInterval))"
    }

    static func seconds(_ interval: TimeInterval) -> String {
        "\(interval.formatted(.number.grouping(.never))) s"
    }

    /// The one word a plan comes down to, with its cause when something else decides the date.
    static func reason(_ next: PlannedReload) -> String {
        guard let cause = next.cause, next.reason != cause.rawValue else { return next.reason }
        return "\(next.reason) (\(cause.rawValue))"
    }

    static func call(_ call: CallSummary) -> String {
        let result = switch call.outcome {
        case .succeeded(let entries): "ok, \(entries) entr\(entries == 1 ? "y" : "ies")"
        case .failed(let code, _): "FAILED \(code)"
        }
        return "\(call.at.isoString) \(call.cause.rawValue) \(EventLog.milliseconds(call.duration)) \(result)"
    }

    private typealias Row = (record: TimelineRecord, next: PlannedReload)

    private static func timelines(_ rows: [Row], at date: Date) -> String {
        TextOutput.table(rows) { record, next in
            let entry = record.entry(at: date)
            return [
                Column(title: "Kind", value: record.key.kind + (record.key.instance.map { " #\($0)" } ?? "")),
                Column(title: "Family", value: record.key.family.rawValue),
                Column(title: "Current entry", value: entry?.date.isoString ?? (record.timeline == nil ? "- (no timeline)" : "- (none yet)")),
                Column(title: "Content", value: entry.map { TextOutput.clipped(TextOutput.compact($0.content), to: 40) } ?? "-"),
                Column(title: "Next reload", value: next.date.map { next.isDue(at: date) ? "due now" : $0.isoString } ?? "never"),
                Column(title: "Reason", value: reason(next)),
            ]
        }
    }

    private static func scheduler(_ rows: [Row], at date: Date) -> String {
        TextOutput.table(rows) { record, next in
            let budget = record.schedule.budget
            var budgetText = "\(budget.used(at: date))/\(budget.limit) used, \(budget.remaining(at: date)) left"
            if next.hold == .budget, let until = next.date { budgetText += ", waits until \(until.isoString)" }
            let error = record.lastError.map { "\($0.code) at \($0.at.isoString): \(TextOutput.truncated($0.description, limit: 40))" }
            let request = record.reloadRequestedAt.map { "\(record.reloadForced ? "forced" : "yes"), since \($0.isoString)" }
            return [
                Column(title: "Kind", value: record.key.kind + (record.key.instance.map { " #\($0)" } ?? "")),
                Column(title: "Family", value: record.key.family.rawValue),
                Column(title: "Budget", value: budgetText),
                Column(title: "Last call", value: record.schedule.lastCall.map(call) ?? "-"),
                Column(title: "Last error", value: error ?? "-"),
                Column(title: "Request", value: request ?? "-"),
            ]
        }
    }

    // MARK: Stack

    static func stack(_ items: [SmartStack.Item], snapshot: RegistrySnapshot, family: WidgetFamily, at date: Date) -> String {
        let title = "Smart Stack for \(family.rawValue) at \(date.isoString)"
        guard snapshot.exists else { return title + "\n" + noRegistry(snapshot) }
        guard !items.isEmpty else { return title + "\nNo kind has an entry current in \(family.rawValue) at that moment." }
        let ranked = Array(items.enumerated())
        return title + "\n" + TextOutput.table(ranked) { rank, item in [
            Column(title: "#", value: String(rank + 1)),
            Column(title: "Kind", value: item.kind + (item.instance.map { " #\($0)" } ?? "")),
            Column(title: "Score", value: score(item)),
            Column(title: "Until", value: until(item)),
            Column(title: "Entry date", value: item.entry.date.isoString),
            Column(title: "Content", value: TextOutput.clipped(TextOutput.compact(item.entry.content), to: 40)),
        ] }
    }

    static func score(_ item: SmartStack.Item) -> String {
        let score = item.score.formatted(.number.grouping(.never))
        switch item.standing {
        case .relevant: return score
        case .expired(let end): return "\(score) (expired \(end.isoString))"
        case .noRelevance: return "\(score) (no relevance)"
        }
    }

    static func until(_ item: SmartStack.Item) -> String {
        if let until = item.scoreUntil { return until.isoString }
        return item.standing == .relevant ? "next entry" : "-"
    }
}
