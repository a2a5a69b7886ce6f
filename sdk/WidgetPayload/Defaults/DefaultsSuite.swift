import FoundationEssentials

/// An App Group's shared defaults, read and written with UserDefaults' names.
///
/// Apps (WidgetApp) and bundles (WidgetSDK) each implement the three requirements their own way;
/// the typed accessors below are shared, so both sides agree on every type rule. Unlike
/// UserDefaults, a missing key reads as nil, never as a default that hides the miss, and a value
/// of another type is a `DefaultsError.typeMismatch`.
public protocol DefaultsSuite: Sendable {
    /// The App Group's name, e.g. `group.bacon.data`.
    var suiteName: String { get }
    /// The value under `key`, or nil when there is none.
    func storedValue(forKey key: String) throws(DefaultsError) -> StoredValue?
    func set(storedValue value: StoredValue, forKey key: String) throws(DefaultsError)
    /// Removes the value; removing a missing key is not an error.
    func removeObject(forKey key: String) throws(DefaultsError)
}

extension DefaultsSuite {
    public func bool(forKey key: String) throws(DefaultsError) -> Bool? {
        try typed(key, .bool) { if case .bool(let value) = $0 { value } else { nil } }
    }

    public func integer(forKey key: String) throws(DefaultsError) -> Int? {
        try typed(key, .int) { if case .int(let value) = $0 { value } else { nil } }
    }

    /// Reads a double; an int is widened, as UserDefaults does.
    public func double(forKey key: String) throws(DefaultsError) -> Double? {
        try typed(key, .double) {
            switch $0 {
            case .double(let value): value
            case .int(let value): Double(value)
            default: nil
            }
        }
    }

    public func string(forKey key: String) throws(DefaultsError) -> String? {
        try typed(key, .string) { if case .string(let value) = $0 { value } else { nil } }
    }

    public func data(forKey key: String) throws(DefaultsError) -> Data? {
        try typed(key, .data) { if case .data(let value) = $0 { value } else { nil } }
    }

    public func date(forKey key: String) throws(DefaultsError) -> Date? {
        try typed(key, .date) { if case .date(let value) = $0 { value } else { nil } }
    }

    /// Decodes a `Codable` value stored as a JSON document, or as JSON bytes in data (what
    /// `JSONEncoder().encode` then `set(_: Data, forKey:)` leaves behind).
    public func value<T: Decodable>(_ type: T.Type, forKey key: String) throws(DefaultsError) -> T? {
        guard let stored = try storedValue(forKey: key) else { return nil }
        do {
            switch stored {
            case .json(let document): return try DefaultsJSON.decode(type, from: document)
            case .data(let bytes): return try DefaultsJSON.decode(type, from: bytes)
            default: throw DefaultsError.typeMismatch(group: suiteName, key: key, expected: .json, found: stored.type)
            }
        } catch let error as DefaultsError {
            throw error
        } catch {
            throw .undecodable(group: suiteName, key: key, type: String(describing: type), reason: "\(error)")
        }
    }

    public func set(_ value: Bool, forKey key: String) throws(DefaultsError) {
        try set(storedValue: .bool(value), forKey: key)
    }

    public func set(_ value: Int, forKey key: String) throws(DefaultsError) {
        try set(storedValue: .int(value), forKey: key)
    }

    public func set(_ value: Double, forKey key: String) throws(DefaultsError) {
        try set(storedValue: .double(value), forKey: key)
    }

    public func set(_ value: String, forKey key: String) throws(DefaultsError) {
        try set(storedValue: .string(value), forKey: key)
    }

    public func set(_ value: Data, forKey key: String) throws(DefaultsError) {
        try set(storedValue: .data(value), forKey: key)
    }

    public func set(_ value: Date, forKey key: String) throws(DefaultsError) {
        try set(storedValue: .date(value), forKey: key)
    }

    /// Stores a `Codable` value as one JSON document.
    public func set<T: Encodable>(_ value: T, forKey key: String) throws(DefaultsError) {
        let document: JSONValue
        do {
            document = try DefaultsJSON.encode(value)
        } catch {
            throw .unencodable(group: suiteName, key: key, type: String(describing: T.self), reason: "\(error)")
        }
        try set(storedValue: .json(document), forKey: key)
    }

    private func typed<T>(
        _ key: String, _ expected: StoredValueType, _ extract: (StoredValue) -> T?
    ) throws(DefaultsError) -> T? {
        guard let stored = try storedValue(forKey: key) else { return nil }
        guard let value = extract(stored) else {
            throw .typeMismatch(group: suiteName, key: key, expected: expected, found: stored.type)
        }
        return value
    }
}
