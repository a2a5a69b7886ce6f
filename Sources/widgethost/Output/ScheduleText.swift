import Foundation
import TextTable
import WidgetHostCore
import WidgetDaemon
import WidgetHostJSON

extension TextOutput {
    /// What each kind and family shows at `now`, and when it reloads next.
    static func currentEntries(_ plans: [(record: TimelineRecord, next: PlannedReload)], at now: Date) -> String {
        table(plans) { record, next in
            let entry = record.entry(at: now)
            return [
                Column(title: "Kind", value: record.key.kind),
                Column(title: "Family", value: record.key.family.rawValue),
                Column(title: "Current entry", value: entry?.date.isoString ?? "-"),
                Column(title: "Content", value: entry.map { clipped(compact($0.content)) } ?? "-"),
                Column(title: "Next reload", value: EventLog.describe(next)),
            ]
        }
    }

    /// Keeps a table column readable on a terminal.
    static func clipped(_ text: String, to width: Int = 48) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }
}
