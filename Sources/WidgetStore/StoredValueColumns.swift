import Foundation
import GRDB

/// How a `StoredValue` sits in the `defaults` table: its type's name in `type`, and in `value`
/// the SQLite storage class that fits it.
enum StoredValueColumns {
    static func databaseValue(of value: StoredValue) throws -> DatabaseValue {
        switch value {
        case .bool(let flag): (flag ? 1 : 0).databaseValue
        case .int(let number): number.databaseValue
        case .double(let number): number.databaseValue
        case .string(let text): text.databaseValue
        case .data(let bytes): bytes.databaseValue
        case .date(let date): date.timeIntervalSince1970.databaseValue
        case .json(let document): try DefaultsJSON.text(of: document).databaseValue
        }
    }

    /// Reads a row back; nil when the row is not one this version wrote (the CHECK constraint
    /// makes that a corrupted file, not a normal case).
    static func storedValue(type: String, value: DatabaseValue) -> StoredValue? {
        guard let type = StoredValueType(rawValue: type) else { return nil }
        switch (type, value.storage) {
        case (.bool, .int64(let number)): return .bool(number != 0)
        case (.int, .int64(let number)): return .int(Int(number))
        case (.double, .double(let number)): return .double(number)
        case (.double, .int64(let number)): return .double(Double(number))
        case (.string, .string(let text)): return .string(text)
        case (.data, .blob(let bytes)): return .data(bytes)
        case (.date, .double(let seconds)): return .date(Date(timeIntervalSince1970: seconds))
        case (.date, .int64(let seconds)): return .date(Date(timeIntervalSince1970: Double(seconds)))
        case (.json, .string(let text)): return (try? DefaultsJSON.document(from: text)).map(StoredValue.json)
        default: return nil
        }
    }
}
