import FoundationEssentials

// The three containers of `ValueDecoder`. A scalar is read in place (`ValueDecoder.integer` and
// the rest, called with concrete types so they are specialized); anything else goes through
// `ValueDecoder.decode`. A coding path is built only for an error.

struct JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ValueDecoder
    let members: [String: JSONValue]

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    /// The member at `key`, which must be there.
    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return value
    }

    /// The coding path of the member at `key`.
    private func path(_ key: Key) -> [any CodingKey] { ValueDecoder.path(to: .key(key), in: decoder) }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard case .null = try member(key) else { return false }
        return true
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try ValueDecoder.bool(member(key), path: { path(key) }) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try ValueDecoder.string(member(key), path: { path(key) }) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try ValueDecoder.double(member(key), path: { path(key) }) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try ValueDecoder.float(member(key), path: { path(key) }) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try ValueDecoder.integer(Int.self, member(key), path: { path(key) }) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try ValueDecoder.integer(Int8.self, member(key), path: { path(key) }) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try ValueDecoder.integer(Int16.self, member(key), path: { path(key) }) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try ValueDecoder.integer(Int32.self, member(key), path: { path(key) }) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try ValueDecoder.integer(Int64.self, member(key), path: { path(key) }) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try ValueDecoder.integer(Int128.self, member(key), path: { path(key) }) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try ValueDecoder.integer(UInt.self, member(key), path: { path(key) }) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try ValueDecoder.integer(UInt8.self, member(key), path: { path(key) }) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try ValueDecoder.integer(UInt16.self, member(key), path: { path(key) }) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try ValueDecoder.integer(UInt32.self, member(key), path: { path(key) }) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try ValueDecoder.integer(UInt64.self, member(key), path: { path(key) }) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try ValueDecoder.integer(UInt128.self, member(key), path: { path(key) }) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try ValueDecoder.decode(T.self, from: member(key), at: .key(key), in: decoder, options: decoder.options)
    }

    /// One lookup rather than the default's three (contains, decodeNil, decode).
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try ValueDecoder.decode(T.self, from: value, at: .key(key), in: decoder, options: decoder.options)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: member(key), at: .key(key), in: decoder, options: decoder.options).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: member(key), at: .key(key), in: decoder, options: decoder.options).unkeyedContainer()
    }

    /// As `JSONDecoder`: the member "super", or null when there is none.
    func superDecoder() throws -> any Decoder {
        let key = ValueCodingKey.super
        return ValueDecoder(value: members[key.stringValue] ?? .null, at: .key(key), in: decoder, options: decoder.options)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: members[key.stringValue] ?? .null, at: .key(key), in: decoder, options: decoder.options)
    }
}

struct JSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: ValueDecoder
    let elements: [JSONValue]
    private(set) var currentIndex = 0

    init(decoder: ValueDecoder, elements: [JSONValue]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }
    /// The coding path of the element at `currentIndex`.
    private var path: [any CodingKey] { ValueDecoder.path(to: .index(currentIndex), in: decoder) }

    /// The element at `currentIndex`, for a `type`. Each decode moves past it only once it has
    /// been decoded, as `JSONDecoder` does.
    private func next(_ type: Any.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: "Unkeyed container is at end."))
        }
        return elements[currentIndex]
    }

    private mutating func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        let value = try ValueDecoder.integer(Integer.self, next(type), path: { path })
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try next(Any?.self) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let value = try ValueDecoder.bool(next(type), path: { path })
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let value = try ValueDecoder.string(next(type), path: { path })
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let value = try ValueDecoder.double(next(type), path: { path })
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        let value = try ValueDecoder.float(next(type), path: { path })
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try ValueDecoder.decode(T.self, from: next(type), at: .index(currentIndex), in: decoder, options: decoder.options)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try nestedDecoder(for: KeyedDecodingContainer<NestedKey>.self).container(keyedBy: NestedKey.self)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try nestedDecoder(for: (any UnkeyedDecodingContainer).self).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try nestedDecoder(for: (any Decoder).self)
        currentIndex += 1
        return decoder
    }

    private func nestedDecoder(for type: Any.Type) throws -> ValueDecoder {
        ValueDecoder(value: try next(type), at: .index(currentIndex), in: decoder, options: decoder.options)
    }
}

struct JSONSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var value: JSONValue { decoder.value }

    func decodeNil() -> Bool {
        guard case .null = value else { return false }
        return true
    }

    func decode(_ type: Bool.Type) throws -> Bool { try ValueDecoder.bool(value, path: { codingPath }) }
    func decode(_ type: String.Type) throws -> String { try ValueDecoder.string(value, path: { codingPath }) }
    func decode(_ type: Double.Type) throws -> Double { try ValueDecoder.double(value, path: { codingPath }) }
    func decode(_ type: Float.Type) throws -> Float { try ValueDecoder.float(value, path: { codingPath }) }
    func decode(_ type: Int.Type) throws -> Int { try ValueDecoder.integer(Int.self, value, path: { codingPath }) }
    func decode(_ type: Int8.Type) throws -> Int8 { try ValueDecoder.integer(Int8.self, value, path: { codingPath }) }
    func decode(_ type: Int16.Type) throws -> Int16 { try ValueDecoder.integer(Int16.self, value, path: { codingPath }) }
    func decode(_ type: Int32.Type) throws -> Int32 { try ValueDecoder.integer(Int32.self, value, path: { codingPath }) }
    func decode(_ type: Int64.Type) throws -> Int64 { try ValueDecoder.integer(Int64.self, value, path: { codingPath }) }
    func decode(_ type: Int128.Type) throws -> Int128 { try ValueDecoder.integer(Int128.self, value, path: { codingPath }) }
    func decode(_ type: UInt.Type) throws -> UInt { try ValueDecoder.integer(UInt.self, value, path: { codingPath }) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try ValueDecoder.integer(UInt8.self, value, path: { codingPath }) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try ValueDecoder.integer(UInt16.self, value, path: { codingPath }) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try ValueDecoder.integer(UInt32.self, value, path: { codingPath }) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try ValueDecoder.integer(UInt64.self, value, path: { codingPath }) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try ValueDecoder.integer(UInt128.self, value, path: { codingPath }) }

    /// The same decoder for anything else: the value is at the same place.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if ValueDecoder.isPrimitive(T.self) {
            return try ValueDecoder.primitive(T.self, from: value, options: decoder.options, path: { codingPath })
        }
        return try T(from: decoder)
    }
}
