import FoundationEssentials

/// Encodes an `Encodable` straight into a `JSONValue`, without the bytes in between
/// (`JSONWriter` writes them, when wanted).
///
/// With the default settings it gives the value that `JSONEncoder` (dates as ISO 8601) followed by
/// `JSONDecoder` into `JSONValue` gives, which is what a bundle's entry content has always been:
/// a date is its ISO 8601 string, a URL its `absoluteString`, Data its base64 string; a number
/// becomes `.integer` when its decimal text is a whole number that fits in an Int64 and `.number`
/// otherwise (2.0 is `.integer(2)`, UInt64.max is `.number`); a Float goes through its shortest
/// decimal form (0.42 stays 0.42); a nil optional is left out of a keyed container and `null`
/// elsewhere; NaN and the infinities throw.
///
/// `JSONValueEncoder.roundTrip` is for JSON that only `JSONValueDecoder.roundTrip` reads back (the
/// host's own files and worker messages): there a value comes back equal to what was encoded.
public struct JSONValueEncoder: Sendable {
    public enum DateEncodingStrategy: Sendable, Hashable {
        /// `2026-01-01T00:00:00Z`, as `JSONEncoder`'s `.iso8601`: readable, but whole seconds only.
        case iso8601
        /// `timeIntervalSinceReferenceDate` as a number, as `JSONEncoder`'s default
        /// (`.deferredToDate`): exact.
        case secondsSinceReferenceDate
    }

    /// How an integer outside Int64's range (above Int64.max: a UInt64, a UInt128; beyond it either
    /// way: an Int128) is encoded, since `.integer` holds an Int64.
    public enum WideIntegerEncodingStrategy: Sendable, Hashable {
        /// `.number` with the nearest Double, as `JSONDecoder` read such a number: it may round.
        case nearestNumber
        /// `.string` of its decimal digits, which `JSONValueDecoder` reads back exactly into an
        /// integer type. `JSONDecoder` would refuse it.
        case decimalString
    }

    public var dateEncodingStrategy: DateEncodingStrategy
    public var wideIntegerEncodingStrategy: WideIntegerEncodingStrategy

    /// The defaults give what `JSONEncoder` (with `.iso8601` dates) and `JSONDecoder` gave.
    public init(
        dateEncodingStrategy: DateEncodingStrategy = .iso8601,
        wideIntegerEncodingStrategy: WideIntegerEncodingStrategy = .nearestNumber
    ) {
        self.dateEncodingStrategy = dateEncodingStrategy
        self.wideIntegerEncodingStrategy = wideIntegerEncodingStrategy
    }

    /// Exact dates and integers: what `JSONValueDecoder.roundTrip` reads back to an equal value
    /// (a Decimal only to a Double's precision, as it travels as a number). The JSON is what
    /// `JSONEncoder` with its default settings writes, but for integers beyond Int64.
    public static let roundTrip = JSONValueEncoder(
        dateEncodingStrategy: .secondsSinceReferenceDate, wideIntegerEncodingStrategy: .decimalString)

    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        if let primitive = try ValueEncoder.primitive(value, options: self, path: { .root }) { return primitive }
        let encoder = ValueEncoder(path: .root, options: self)
        try value.encode(to: encoder)
        guard let encoded = encoder.box.value() else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return encoded
    }
}

/// The `Encoder` handed to `encode(to:)`: one per value that is not a primitive.
final class ValueEncoder: Encoder {
    let box: ValueBox
    let path: CodingPath
    let options: JSONValueEncoder

    init(path: CodingPath, options: JSONValueEncoder, box: ValueBox = ValueBox()) {
        self.path = path
        self.options = options
        self.box = box
    }

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.become(.object)
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<Key>(box: box, path: path, options: options))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.become(.array)
        return JSONUnkeyedEncodingContainer(box: box, path: path, options: options)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueEncodingContainer(box: box, path: path, options: options)
    }

    /// The JSON for one value inside a container, at `key` (none in a single value container): a
    /// primitive directly, anything else through its own `encode(to:)`. A value that encodes
    /// nothing is `{}`, as with `JSONEncoder`.
    static func jsonValue<T: Encodable>(
        _ value: T, at parent: CodingPath, key: (any CodingKey)?, options: JSONValueEncoder
    ) throws -> JSONValue {
        let path = { key.map(parent.appending) ?? parent }
        if let primitive = try primitive(value, options: options, path: path) { return primitive }
        let encoder = ValueEncoder(path: path(), options: options)
        try value.encode(to: encoder)
        return encoder.box.value() ?? .object([:])
    }

    /// `JSONEncoder`'s `.iso8601`: 2026-01-01T00:00:00Z. Made once; making it costs as much as using it.
    private static let iso8601 = Date.ISO8601FormatStyle()

    /// The types `JSONEncoder` writes itself rather than through their `encode(to:)` (Date, Data,
    /// URL, Decimal), and the scalars, without the cost of an encoder. nil for any other type.
    /// Metatype comparisons rather than casts: cheap when nothing matches, the usual case; each
    /// `as!` follows the comparison that makes it safe.
    static func primitive<T: Encodable>(
        _ value: T, options: JSONValueEncoder, path: () -> CodingPath
    ) throws -> JSONValue? {
        let type = T.self
        let wide = options.wideIntegerEncodingStrategy
        if type == String.self { return .string(value as! String) }
        if type == Int.self { return .integer(Int64(value as! Int)) }
        if type == Double.self { return try JSONNumber.value(of: value as! Double, path: path) }
        if type == Bool.self { return .bool(value as! Bool) }
        if type == Date.self { return try date(value as! Date, options: options, path: path) }
        if type == Float.self { return try JSONNumber.value(of: value as! Float, path: path) }
        if type == Int64.self { return .integer(value as! Int64) }
        if type == Int32.self { return .integer(Int64(value as! Int32)) }
        if type == Int16.self { return .integer(Int64(value as! Int16)) }
        if type == Int8.self { return .integer(Int64(value as! Int8)) }
        if type == UInt.self { return JSONNumber.value(of: value as! UInt, wide: wide) }
        if type == UInt64.self { return JSONNumber.value(of: value as! UInt64, wide: wide) }
        if type == UInt32.self { return .integer(Int64(value as! UInt32)) }
        if type == UInt16.self { return .integer(Int64(value as! UInt16)) }
        if type == UInt8.self { return .integer(Int64(value as! UInt8)) }
        if type == URL.self { return .string((value as! URL).absoluteString) }
        if type == Data.self { return .string((value as! Data).base64EncodedString()) }
        if type == Decimal.self { return try JSONNumber.value(of: value as! Decimal, path: path) }
        return nil
    }

    private static func date(_ date: Date, options: JSONValueEncoder, path: () -> CodingPath) throws -> JSONValue {
        switch options.dateEncodingStrategy {
        case .iso8601: .string(iso8601.format(date))
        case .secondsSinceReferenceDate: try JSONNumber.value(of: date.timeIntervalSinceReferenceDate, path: path)
        }
    }
}
