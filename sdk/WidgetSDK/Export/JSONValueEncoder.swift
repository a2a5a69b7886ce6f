import FoundationEssentials
import WidgetPayload

/// Encodes an `Encodable` straight into a `JSONValue`: the value that `JSONEncoder` (dates as
/// ISO 8601) followed by `JSONDecoder` into `JSONValue` gives, without the bytes in between.
///
/// So, as that round trip does: a date is its ISO 8601 string, a URL its `absoluteString`, Data
/// its base64 string; a number becomes `.integer` when its decimal text is a whole number that fits
/// in an Int64 and `.number` otherwise (2.0 is `.integer(2)`, UInt64.max is `.number`); a Float
/// goes through its shortest decimal form (0.42 stays 0.42); a nil optional is left out of a keyed
/// container and `null` elsewhere; NaN and the infinities throw.
struct JSONValueEncoder {
    func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        if let primitive = try ValueEncoder.primitive(value, path: { .root }) { return primitive }
        let encoder = ValueEncoder(path: .root)
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

    init(path: CodingPath, box: ValueBox = ValueBox()) {
        self.path = path
        self.box = box
    }

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.become(.object)
        return KeyedEncodingContainer(KeyedValueContainer<Key>(box: box, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.become(.array)
        return UnkeyedValueContainer(box: box, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(box: box, path: path)
    }

    /// The JSON for one value inside a container, at `key` (none in a single value container): a
    /// primitive directly, anything else through its own `encode(to:)`. A value that encodes
    /// nothing is `{}`, as with `JSONEncoder`.
    static func jsonValue<T: Encodable>(_ value: T, at parent: CodingPath, key: (any CodingKey)?) throws -> JSONValue {
        let path = { key.map(parent.appending) ?? parent }
        if let primitive = try primitive(value, path: path) { return primitive }
        let encoder = ValueEncoder(path: path())
        try value.encode(to: encoder)
        return encoder.box.value() ?? .object([:])
    }

    /// `JSONEncoder`'s `.iso8601`: 2026-01-01T00:00:00Z. Made once; making it costs as much as using it.
    private static let iso8601 = Date.ISO8601FormatStyle()

    /// The types `JSONEncoder` writes itself rather than through their `encode(to:)` (Date, Data,
    /// URL, Decimal), and the scalars, without the cost of an encoder. nil for any other type.
    /// Metatype comparisons rather than casts: cheap when nothing matches, the usual case; each
    /// `as!` follows the comparison that makes it safe.
    static func primitive<T: Encodable>(_ value: T, path: () -> CodingPath) throws -> JSONValue? {
        let type = T.self
        if type == String.self { return .string(value as! String) }
        if type == Int.self { return .integer(Int64(value as! Int)) }
        if type == Double.self { return try JSONNumber.value(of: value as! Double, path: path) }
        if type == Bool.self { return .bool(value as! Bool) }
        if type == Date.self { return .string(iso8601.format(value as! Date)) }
        if type == Float.self { return try JSONNumber.value(of: value as! Float, path: path) }
        if type == Int64.self { return .integer(value as! Int64) }
        if type == Int32.self { return .integer(Int64(value as! Int32)) }
        if type == Int16.self { return .integer(Int64(value as! Int16)) }
        if type == Int8.self { return .integer(Int64(value as! Int8)) }
        if type == UInt.self { return JSONNumber.value(of: value as! UInt) }
        if type == UInt64.self { return JSONNumber.value(of: value as! UInt64) }
        if type == UInt32.self { return .integer(Int64(value as! UInt32)) }
        if type == UInt16.self { return .integer(Int64(value as! UInt16)) }
        if type == UInt8.self { return .integer(Int64(value as! UInt8)) }
        if type == URL.self { return .string((value as! URL).absoluteString) }
        if type == Data.self { return .string((value as! Data).base64EncodedString()) }
        if type == Decimal.self { return try JSONNumber.value(of: value as! Decimal, path: path) }
        return nil
    }
}

/// What one encoder, or one nested container, has encoded so far. A class because a nested
/// container or a super encoder is handed out first and filled in afterwards.
final class ValueBox {
    enum Shape { case nothing, single, object, array }

    /// An object member: a finished value, or a nested container or super encoder still being
    /// filled in, resolved by `value()`.
    private enum Member {
        case value(JSONValue)
        case pending(ValueBox)
    }

    private(set) var shape: Shape
    private var single = JSONValue.null
    /// In the order encoded, a key encoded again winning: a list, hashed once into the object at
    /// the end, rather than a dictionary that rehashes as it grows.
    private var members: [(key: String, member: Member)] = []
    private var elements: [JSONValue] = []
    private var pendingElements: [(index: Int, box: ValueBox)] = []

    init(shape: Shape = .nothing) {
        self.shape = shape
    }

    /// Makes this box an object or an array. Asking again for the same shape keeps what is there,
    /// which is how a subclass and its superclass share one keyed container.
    func become(_ wanted: Shape) {
        if shape == wanted { return }
        switch (shape, wanted) {
        case (.nothing, _):
            shape = wanted
        case (.single, .object) where single.objectValue != nil:
            // A single value container that encoded an object, then a keyed container: one object.
            members = (single.objectValue ?? [:]).map { ($0.key, .value($0.value)) }
            shape = .object
        default:
            // JSONEncoder stops here too: the value cannot be both.
            preconditionFailure("Attempt to push a new \(wanted) container where a \(shape) was already encoded.")
        }
    }

    func setSingle(_ value: JSONValue) {
        precondition(shape == .nothing, "Attempt to encode value through single value container when previously value already encoded.")
        single = value
        shape = .single
    }

    func set(_ value: JSONValue, forKey key: String) {
        members.append((key, .value(value)))
    }

    func append(_ value: JSONValue) {
        elements.append(value)
    }

    var elementCount: Int { elements.count }

    /// A box to be filled in later at `key`. The nested container of the same shape last made for
    /// that key is reused, as `JSONEncoder` does.
    func pendingBox(forKey key: String, shape: Shape) -> ValueBox {
        if let last = members.last(where: { $0.key == key }), case .pending(let existing) = last.member, existing.shape == shape {
            return existing
        }
        let box = ValueBox(shape: shape)
        members.append((key, .pending(box)))
        return box
    }

    /// A box to be filled in later, appended as the next element.
    func appendPendingBox(shape: Shape) -> ValueBox {
        let box = ValueBox(shape: shape)
        pendingElements.append((elements.count, box))
        elements.append(.null)
        return box
    }

    /// What was encoded; nil when nothing was. A pending box that stayed empty (a super encoder
    /// nobody used) is `{}`, as with `JSONEncoder`.
    func value() -> JSONValue? {
        switch shape {
        case .nothing: return nil
        case .single: return single
        case .object:
            var object = [String: JSONValue](minimumCapacity: members.count)
            for (key, member) in members {
                switch member {
                case .value(let value): object[key] = value
                case .pending(let box): object[key] = box.value() ?? .object([:])
                }
            }
            return .object(object)
        case .array:
            for (index, box) in pendingElements { elements[index] = box.value() ?? .object([:]) }
            pendingElements = []
            return .array(elements)
        }
    }
}

/// A coding path built only when someone asks for it: an error, or `codingPath`.
indirect enum CodingPath {
    case root
    case child(any CodingKey, parent: CodingPath)

    func appending(_ key: any CodingKey) -> CodingPath { .child(key, parent: self) }

    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while case .child(let key, let parent) = node {
            keys.append(key)
            node = parent
        }
        return keys.reversed()
    }
}

/// The keys `JSONEncoder` puts in coding paths: array positions and `super`.
struct ValueCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    static let `super` = ValueCodingKey(stringValue: "super")
}
