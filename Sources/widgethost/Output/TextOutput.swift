import Foundation
import TextTable
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload

/// The readable text the CLI prints.
enum TextOutput {
    static func table<Row>(_ rows: [Row], columns: @escaping (Row) -> [Column]) -> String {
        let rendered = TextTable(columns).string(for: rows, style: Style.simple) ?? ""
        // TextTable pads every cell, the last one included; trailing blanks only get in the way.
        return rendered.split(separator: "\n", omittingEmptySubsequences: false)
            .map(withoutTrailingBlanks)
            .joined(separator: "\n")
            .trimmingCharacters(in: .newlines)
    }

    /// `line` without its trailing spaces, scanning bytes rather than Characters (which took
    /// four tenths of a `list` of 2,000 kinds).
    private static func withoutTrailingBlanks(_ line: Substring) -> Substring {
        let bytes = line.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: " ") {
            end = bytes.index(before: end)
        }
        return line[..<end]
    }

    /// Long values cut to fit a table row.
    static func truncated(_ text: String, limit: Int = 60) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return line.count <= limit ? line : String(line.prefix(limit - 1)) + "\u{2026}"
    }

    static func kinds(_ widgets: [WidgetDescriptor]) -> String {
        guard !widgets.isEmpty else { return "No widget kinds found. See `widgethost bundles` for what was searched." }
        return table(widgets) { widget in [
            Column(title: "Kind", value: widget.kind),
            Column(title: "Bundle", value: widget.bundleName),
            Column(title: "Display name", value: widget.displayName),
            Column(title: "Families", value: widget.families.map(\.rawValue).joined(separator: ", ")),
            Column(title: "Parameters", value: widget.configurationSchema.map { schema in
                schema.parameters.map { "\($0.name) (\($0.type.rawValue))" }.joined(separator: ", ")
            } ?? "-"),
            Column(title: "Description", value: widget.description),
        ] }
    }

    static func bundles(_ reports: [BundleReport]) -> String {
        guard !reports.isEmpty else { return "No bundles found." }
        var text = table(reports) { report in [
            Column(title: "Status", value: report.status.rawValue),
            Column(title: "Path", value: report.path),
            Column(title: "ABI", value: report.abiVersion?.description ?? "-"),
            Column(title: "SDK", value: report.bundle?.sdkVersion ?? "-"),
            Column(title: "Kinds", value: report.kinds.joined(separator: ", ")),
            Column(title: "Sandbox", value: report.status != .loaded ? "-" : report.sandbox?.summary ?? "none: in process"),
        ] }
        let problems = reports.flatMap { report in report.issues.map { "\u{2717} [\($0.code)] \($0)" } }
        if !problems.isEmpty { text += "\n\nErrors:\n" + problems.joined(separator: "\n") }
        return text
    }

    static func entry(_ entry: WidgetEntry, kind: String, family: WidgetFamily, call: ProviderCall) -> String {
        """
        \(kind) \(call.rawValue) (\(family.rawValue))
          date:      \(entry.date.isoString)
          relevance: \(relevance(entry.relevance))
          content:   \(compact(entry.content))
        """
    }

    static func timeline(_ timeline: WidgetTimeline, kind: String, family: WidgetFamily, at date: Date?) -> String {
        let current = date.flatMap { timeline.entry(at: $0) }
        var text = "\(kind) timeline (\(family.rawValue)), policy \(policy(timeline.policy))\n"
        text += table(timeline.entries) { entry in [
            Column(title: "", value: entry == current ? "*" : ""),
            Column(title: "Date", value: entry.date.isoString),
            Column(title: "Relevance", value: relevance(entry.relevance)),
            Column(title: "Content", value: compact(entry.content)),
        ] }
        if let date {
            text += "\n\n" + (current == nil
                ? "No entry is current at \(date.isoString): the first entry is later."
                : "(* marks the entry current at \(date.isoString))")
        }
        return text
    }

    static func records(_ records: [TimelineRecord]) -> String {
        table(records) { record in [
            Column(title: "Kind", value: record.key.kind),
            Column(title: "Family", value: record.key.family.rawValue),
            Column(title: "Entries", value: record.timeline.map { String($0.entries.count) } ?? "-"),
            Column(title: "Policy", value: record.timeline.map { policy($0.policy) } ?? "-"),
            Column(title: "Took", value: record.callDuration.map { String(format: "%.2f ms", $0.milliseconds) } ?? "-"),
            Column(title: "Error", value: record.lastError?.description ?? ""),
        ] }
    }

    static func policy(_ policy: ReloadPolicy) -> String {
        switch policy {
        case .atEnd: "atEnd"
        case .never: "never"
        case .after(let date): "after \(date.isoString)"
        }
    }

    private static func relevance(_ relevance: EntryRelevance?) -> String {
        relevance.map { "score \($0.score.formatted()), \($0.duration.formatted()) s" } ?? "-"
    }

    static func compact(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
}
