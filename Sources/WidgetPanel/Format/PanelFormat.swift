import Foundation

/// What `watch` prints for a widget: one line, no newline inside.
public enum PanelFormat: String, Sendable, CaseIterable {
    /// The widget's state as `GET /v1/widgets` gives it (docs/openapi.yaml, WidgetState), one
    /// object per line: for Eww's `deflisten` and any script.
    case jsonl
    /// Waybar's custom-module JSON (`WaybarLine`).
    case waybar

    public func line(for widget: WidgetState) -> String {
        let encoder = JSONEncoder()
        // Sorted, so an unchanged state prints the same line and is not printed again.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data?
        switch self {
        case .jsonl: data = try? encoder.encode(widget.json)
        case .waybar: data = try? encoder.encode(WaybarLine(widget))
        }
        // Both are made of decoded JSON and strings: nothing in them can fail to encode.
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
