import WidgetPayload

/// The content card's text: an entry's JSON content as short `key: value` lines.
enum CardText {
    /// Longest value shown; the layout truncates further to the width.
    static let maxValueLength = 80

    /// Up to `limit` lines: an object's fields by key, an array's items by index, a lone value
    /// as itself. When more remain, the last line counts them.
    static func lines(_ content: JSONValue, limit: Int) -> [String] {
        let all: [String]
        switch content {
        case .null:
            all = []
        case .object(let fields):
            all = fields.keys.sorted().map { "\($0): \(value(fields[$0]!))" }
        case .array(let items):
            all = items.enumerated().map { "\($0.offset): \(value($0.element))" }
        default:
            all = [value(content)]
        }
        guard all.count > limit, limit > 0 else { return all }
        return Array(all.prefix(limit - 1)) + ["+\(all.count - limit + 1) more"]
    }

    /// A value on one line: scalars as written, containers by their size.
    static func value(_ json: JSONValue) -> String {
        switch json {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .number(let number):
            if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .string(let string):
            let line = firstLine(string)
            return line.count > maxValueLength ? String(line.prefix(maxValueLength - 1)) + "…" : line
        case .array(let items): return items.count == 1 ? "[1 item]" : "[\(items.count) items]"
        case .object(let fields): return fields.count == 1 ? "{1 field}" : "{\(fields.count) fields}"
        }
    }

    static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }
}
