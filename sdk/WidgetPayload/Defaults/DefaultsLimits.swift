/// How big a key and a value may be. Shared defaults hold what a widget shows, not an app's
/// database: larger files belong in the group's container folder.
public enum DefaultsLimits {
    /// UTF-8 bytes in a key.
    public static let maximumKeyLength = 256
    /// Bytes in a value as stored: the string's UTF-8, the data's bytes, the JSON text.
    public static let maximumValueSize = 1 << 20

    /// Checks a key, naming the group in the error.
    public static func check(key: String, group: String) throws(DefaultsError) {
        if key.isEmpty { throw .invalidKey(group: group, key: key, problem: .empty) }
        if key.utf8.count > maximumKeyLength {
            throw .invalidKey(group: group, key: key, problem: .tooLong(bytes: key.utf8.count))
        }
        if key.utf8.contains(0) { throw .invalidKey(group: group, key: key, problem: .containsNUL) }
    }

    /// Checks a value before it is written: finite, and not too large.
    public static func check(value: StoredValue, key: String, group: String) throws(DefaultsError) {
        switch value {
        case .double(let number) where !number.isFinite:
            throw .nonFiniteNumber(group: group, key: key)
        case .date(let date) where !date.timeIntervalSince1970.isFinite:
            throw .nonFiniteNumber(group: group, key: key)
        case .date(let date) where !SupportedDates.contains(date):
            throw .dateOutOfRange(group: group, key: key)
        default:
            break
        }
        let size = value.storedSize
        if size > maximumValueSize {
            throw .valueTooLarge(group: group, key: key, bytes: size, limit: maximumValueSize)
        }
    }
}

extension StoredValue {
    /// The bytes the value takes in the store.
    public var storedSize: Int {
        switch self {
        case .bool, .int, .double, .date: 8
        case .string(let value): value.utf8.count
        case .data(let value): value.count
        case .json(let value): (try? DefaultsJSON.text(of: value).utf8.count) ?? Int.max
        }
    }
}
