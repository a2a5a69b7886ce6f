import FoundationEssentials

/// Decodes a `Decodable` from a `JSONValue` (as `JSONReader` reads it): `JSONDecoder` without the
/// bytes, for what `JSONValueEncoder` encodes.
///
/// Like `JSONDecoder`: an optional is nil for a missing key or `null`; an integer type reads an
/// `.integer`, or a `.number` that is a whole number in its range (else `dataCorrupted`); a Double
/// or Float reads either; an enum with associated values has Swift's synthesized shape
/// (`{"case":{"label":value}}`); Data is base64 and a URL its string. Errors are `DecodingError`s
/// with the coding path of the value at fault, `JSONDecoder`'s words included (where
/// `JSONDecoder` leaves the path of a number that does not fit empty, this one gives it).
///
/// Beyond `JSONDecoder`: an integer type also reads the `.string` of decimal digits that
/// `JSONValueEncoder` writes for an integer outside Int64's range with `.decimalString`; and a
/// `JSONValue` is returned as it is.
public struct JSONValueDecoder: Sendable {
    public typealias DateDecodingStrategy = JSONValueEncoder.DateEncodingStrategy

    /// How a Date is read: as `JSONValueEncoder` wrote it with the same strategy.
    public var dateDecodingStrategy: DateDecodingStrategy

    public init(dateDecodingStrategy: DateDecodingStrategy = .iso8601) {
        self.dateDecodingStrategy = dateDecodingStrategy
    }

    /// Reads what `JSONValueEncoder.roundTrip` writes.
    public static let roundTrip = JSONValueDecoder(dateDecodingStrategy: .secondsSinceReferenceDate)

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try ValueDecoder.decode(T.self, from: value, at: .top, in: nil, options: self)
    }
}

/// The `Decoder` handed to `init(from:)`: one per value that is not a primitive.
///
/// Each knows its parent and its step from it, which is its coding path, built only when asked
/// for (an error, `codingPath`): no path is made for a value that decodes.
final class ValueDecoder: Decoder {
    /// Where a value sits in its parent.
    enum Step {
        case top
        case key(any CodingKey)
        case index(Int)

        var key: (any CodingKey)? {
            switch self {
            case .top: nil
            case .key(let key): key
            case .index(let index): ValueCodingKey(intValue: index)
            }
        }
    }

    let value: JSONValue
    let options: JSONValueDecoder
    private let parent: ValueDecoder?
    private let step: Step

    init(value: JSONValue, at step: Step, in parent: ValueDecoder?, options: JSONValueDecoder) {
        self.value = value
        self.step = step
        self.parent = parent
        self.options = options
    }

    var codingPath: [any CodingKey] { Self.path(to: step, in: parent) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The coding path of the value at `step` in `parent`.
    static func path(to step: Step, in parent: ValueDecoder?) -> [any CodingKey] {
        var keys: [any CodingKey] = step.key.map { [$0] } ?? []
        var node = parent
        while let decoder = node {
            if let key = decoder.step.key { keys.append(key) }
            node = decoder.parent
        }
        return keys.reversed()
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw containerMismatch([String: Any].self, "keyed") }
        return KeyedDecodingContainer(JSONKeyedDecodingContainer<Key>(decoder: self, members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw containerMismatch([Any].self, "unkeyed") }
        return JSONUnkeyedDecodingContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueDecodingContainer(decoder: self)
    }

    /// Asked for a container of another kind than the value: `JSONDecoder`'s words for null.
    private func containerMismatch(_ type: Any.Type, _ kind: String) -> DecodingError {
        guard case .null = value else { return Self.mismatch(type, value, path: { codingPath }) }
        return .valueNotFound(type, DecodingError.Context(
            codingPath: codingPath, debugDescription: "Cannot get \(kind) decoding container -- found null value instead"))
    }

    /// `value`, found at `step` in `parent`, as a `T`: a primitive directly, anything else
    /// through its own `init(from:)`.
    static func decode<T: Decodable>(
        _ type: T.Type, from value: JSONValue, at step: Step, in parent: ValueDecoder?, options: JSONValueDecoder
    ) throws -> T {
        if isPrimitive(T.self) {
            return try primitive(T.self, from: value, options: options, path: { path(to: step, in: parent) })
        }
        return try T(from: ValueDecoder(value: value, at: step, in: parent, options: options))
    }

    /// The types read here rather than through their `init(from:)`: the scalars, the types
    /// `JSONDecoder` reads itself (Date, Data, URL, Decimal), and JSONValue. Metatype
    /// comparisons: cheap when nothing matches, the usual case.
    static func isPrimitive<T>(_ type: T.Type) -> Bool {
        type == String.self || type == Int.self || type == Double.self || type == Bool.self || type == Date.self
            || type == Float.self || type == Int64.self || type == Int32.self || type == UInt64.self
            || type == JSONValue.self || type == Data.self || type == URL.self || type == Decimal.self
    }

    /// One of the `isPrimitive` types. Each `as!` follows the comparison that makes it succeed.
    /// (No `T?` here: in unspecialized code, making Optional<T> costs a metadata lookup per value.)
    static func primitive<T>(
        _ type: T.Type, from value: JSONValue, options: JSONValueDecoder, path: () -> [any CodingKey]
    ) throws -> T {
        if type == String.self { return try string(value, path: path) as! T }
        if type == Int.self { return try integer(Int.self, value, path: path) as! T }
        if type == Double.self { return try double(value, path: path) as! T }
        if type == Bool.self { return try bool(value, path: path) as! T }
        if type == Date.self { return try date(value, options: options, path: path) as! T }
        if type == Float.self { return try float(value, path: path) as! T }
        if type == Int64.self { return try integer(Int64.self, value, path: path) as! T }
        if type == Int32.self { return try integer(Int32.self, value, path: path) as! T }
        if type == UInt64.self { return try integer(UInt64.self, value, path: path) as! T }
        if type == JSONValue.self { return value as! T }
        if type == Data.self { return try data(value, path: path) as! T }
        if type == URL.self { return try url(value, path: path) as! T }
        if type == Decimal.self { return try decimal(value, path: path) as! T }
        preconditionFailure("\(T.self) is not a primitive")
    }
}
