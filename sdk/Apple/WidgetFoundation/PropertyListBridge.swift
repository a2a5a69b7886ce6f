import Foundation
import WidgetPayload
import WidgetSDK

/// Between UserDefaults' property-list values (`Any`) and the store's typed values. Scalars keep
/// their type; arrays and dictionaries travel as one JSON document, so they hold what JSON holds
/// (numbers, strings, booleans, and arrays and dictionaries of them).
enum PropertyListBridge {
    static func object(from stored: StoredValue) -> Any {
        switch stored {
        case .bool(let value): value
        case .int(let value): value
        case .double(let value): value
        case .string(let value): value
        case .data(let value): value
        case .date(let value): value
        case .json(let document): object(from: document)
        }
    }

    /// nil for a value the store cannot hold.
    static func storedValue(from object: Any) -> StoredValue? {
        switch object {
        case let value as Bool: .bool(value)
        case let value as Int: .int(value)
        case let value as any BinaryInteger: Int(exactly: value).map { StoredValue.int($0) }
        case let value as Double: .double(value)
        case let value as Float: .double(Double(value))
        case let value as String: .string(value)
        case let value as Data: .data(value)
        case let value as Date: .date(value)
        case let value as URL: .string(value.absoluteString)
        case is [Any], is [String: Any]: json(from: object).map(StoredValue.json)
        default: nil
        }
    }

    /// A number as a double, from whichever numeric type holds it; nil for anything else.
    static func number(_ object: Any?) -> Double? {
        switch object {
        case let value as Int: Double(value)
        case let value as Double: value
        case let value as Bool: value ? 1 : 0
        case let value as String: Double(value)
        default: nil
        }
    }

    private static func object(from document: JSONValue) -> Any {
        switch document {
        case .null: NSNull()
        case .bool(let value): value
        case .integer(let value): Int(value)
        case .number(let value): value
        case .string(let value): value
        case .array(let elements): elements.map(object(from:))
        case .object(let members): members.mapValues(object(from:))
        }
    }

    private static func json(from object: Any) -> JSONValue? {
        switch object {
        case is NSNull: return .null
        case let value as Bool: return .bool(value)
        case let value as Int: return .integer(Int64(value))
        case let value as Double: return value.isFinite ? .number(value) : nil
        case let value as String: return .string(value)
        case let elements as [Any]:
            var converted: [JSONValue] = []
            for element in elements {
                guard let value = json(from: element) else { return nil }
                converted.append(value)
            }
            return .array(converted)
        case let members as [String: Any]:
            var converted: [String: JSONValue] = [:]
            for (key, member) in members {
                guard let value = json(from: member) else { return nil }
                converted[key] = value
            }
            return .object(converted)
        default: return nil
        }
    }
}
