import Foundation

/// A widget as Waybar's `custom` module reads it with `"return-type": "json"`: one object per
/// line, `{"text", "tooltip", "class", "alt", "percentage"}`.
///
/// - `text`: the widget's text on one line, as drawn in its family (`accessoryInline` when the
///   kind supports it); its display name while it has no entry.
/// - `tooltip`: the display name and family, the text, when it was fetched, the next reload and
///   why, and the last error.
/// - `class`: the kind, then `stale` (no current entry, or its reload is overdue), `error` (the
///   last call failed) and `empty` (no entry), for the style sheet.
/// - `alt`: the kind, for `format-icons`.
/// - `percentage`: the first progress view or gauge of the entry's view, 0–100; absent when it
///   has none.
/// - `url`: the widget's URL (its current entry's `widgetURL`), absent when it has none. Not one
///   of Waybar's keys (it ignores it): for a script reading the line, since Waybar's `on-click`
///   cannot read the output; there `widgethost open KIND` looks the URL up itself.
///
/// Waybar reads `text` and `tooltip` as Pango markup, so `&`, `<` and `>` are escaped.
struct WaybarLine: Sendable, Hashable, Encodable {
    let text: String
    let tooltip: String
    let `class`: [String]
    let alt: String
    let percentage: Int?
    let url: String?

    init(_ widget: WidgetState, timeZone: TimeZone = .current) {
        text = Self.markup(widget.text ?? widget.displayName)
        var classes = [widget.kind]
        if widget.stale { classes.append("stale") }
        if widget.lastError != nil { classes.append("error") }
        if widget.entry == nil { classes.append("empty") }
        `class` = classes
        alt = widget.kind
        percentage = widget.entry?.view.flatMap(ViewProgress.fraction(inTree:)).map { Int(($0 * 100).rounded()) }
        tooltip = Self.markup(Self.tooltipLines(widget, timeZone: timeZone).joined(separator: "\n"))
        url = widget.url
    }

    private static func tooltipLines(_ widget: WidgetState, timeZone: TimeZone) -> [String] {
        var lines = ["\(widget.displayName) (\(widget.family))"]
        lines.append(widget.text ?? "no entry yet")
        if let fetched = widget.fetchedAt.flatMap({ time($0, timeZone) }) { lines.append("updated \(fetched)") }
        let next = widget.nextReload.at.flatMap { time($0, timeZone) } ?? "never"
        lines.append("next reload \(next) (\(widget.nextReload.reason))")
        if widget.stale && widget.entry != nil { lines.append("stale: the reload is overdue") }
        if let error = widget.lastError { lines.append("error: \(error.message)") }
        return lines
    }

    /// `HH:mm` in the panel's time zone; the date too when it is not today there.
    private static func time(_ iso8601: String, _ timeZone: TimeZone) -> String? {
        // The API writes fractional seconds only when there are some.
        let strategies = [Date.ISO8601FormatStyle(), Date.ISO8601FormatStyle(includingFractionalSeconds: true)]
        guard let date = strategies.lazy.compactMap({ try? Date(iso8601, strategy: $0) }).first else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let clock = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        guard !calendar.isDate(date, inSameDayAs: Date()) else { return clock }
        return String(format: "%04d-%02d-%02d ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0) + clock
    }

    static func markup(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(tooltip, forKey: .tooltip)
        try container.encode(`class`, forKey: .class)
        try container.encode(alt, forKey: .alt)
        // Absent rather than null: Waybar reads a null percentage as 0.
        try container.encodeIfPresent(percentage, forKey: .percentage)
        try container.encodeIfPresent(url, forKey: .url)
    }

    private enum CodingKeys: String, CodingKey { case text, tooltip, `class`, alt, percentage, url }
}
