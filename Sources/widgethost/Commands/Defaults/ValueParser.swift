import Foundation
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload

/// Turns the VALUE argument of `defaults write` into a typed value, and a value back into text.
enum ValueParser {
    static func parse(_ text: String, as type: StoredValueType) throws(DefaultsCommandError) -> StoredValue {
        func refuse(_ reason: String) -> DefaultsCommandError {
            .unparsableValue(text: text, type: type, reason: reason)
        }
        switch type {
        case .string:
            return .string(text)
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "1": return .bool(true)
            case "false", "no", "0": return .bool(false)
            default: throw refuse("write true or false")
            }
        case .int:
            guard let number = Int(text) else { throw refuse("write a whole number, e.g. 42") }
            return .int(number)
        case .double:
            guard let number = Double(text), number.isFinite else { throw refuse("write a finite number, e.g. 0.5") }
            return .double(number)
        case .data:
            guard let bytes = Data(base64Encoded: text) else { throw refuse("write the bytes as base64") }
            return .data(bytes)
        case .date:
            let date: Date
            if let seconds = Double(text) {
                date = Date(timeIntervalSince1970: seconds)
            } else if let parsed = try? Date(text, strategy: .iso8601) {
                date = parsed
            } else {
                throw refuse("write an ISO-8601 date such as 2026-11-21T09:00:00Z, or seconds since 1970")
            }
            guard SupportedDates.contains(date) else { throw refuse("it is outside \(SupportedDates.summary)") }
            return .date(date)
        case .json:
            do {
                return .json(try DefaultsJSON.document(from: text))
            } catch {
                throw refuse("it is not valid JSON (\(error))")
            }
        }
    }

    /// The value as `defaults read` prints it: strings as they are, data as base64, dates as
    /// ISO-8601, JSON compact.
    static func text(of value: StoredValue) -> String {
        switch value {
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): text
        case .data(let bytes): bytes.base64EncodedString()
        case .date(let date): date.isoString
        case .json(let document): (try? DefaultsJSON.text(of: document)) ?? "?"
        }
    }
}
