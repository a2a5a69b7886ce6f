import FoundationEssentials

// The three containers of `ValueEncoder`. Each scalar goes straight into the box; anything else
// through `ValueEncoder.jsonValue`, so numbers, dates and the rest come out as JSONEncoder's do.

struct JSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ValueBox
    let path: CodingPath
    let options: JSONValueEncoder

    var codingPath: [any CodingKey] { path.keys }
    private var wide: JSONValueEncoder.WideIntegerEncodingStrategy { options.wideIntegerEncodingStrategy }

    mutating func encodeNil(forKey key: Key) throws { box.set(.null, forKey: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(.bool(value), forKey: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.set(.string(value), forKey: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) throws { box.set(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { box.set(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { box.set(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { box.set(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { box.set(.integer(value), forKey: key.stringValue) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { box.set(JSONNumber.value(of: value, wide: wide), forKey: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { box.set(JSONNumber.value(of: value, wide: wide), forKey: key.stringValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { box.set(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { box.set(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { box.set(.integer(Int64(value)), forKey: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { box.set(JSONNumber.value(of: value, wide: wide), forKey: key.stringValue) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { box.set(JSONNumber.value(of: value, wide: wide), forKey: key.stringValue) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        box.set(try JSONNumber.value(of: value, path: { path.appending(key) }), forKey: key.stringValue)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        box.set(try JSONNumber.value(of: value, path: { path.appending(key) }), forKey: key.stringValue)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        box.set(try ValueEncoder.jsonValue(value, at: path, key: key, options: options), forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = box.pendingBox(forKey: key.stringValue, shape: .object)
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<NestedKey>(box: nested, path: path.appending(key), options: options))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONUnkeyedEncodingContainer(
            box: box.pendingBox(forKey: key.stringValue, shape: .array), path: path.appending(key), options: options)
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: ValueCodingKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key)
    }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        ValueEncoder(
            path: path.appending(key), options: options, box: box.pendingBox(forKey: key.stringValue, shape: .nothing))
    }
}

struct JSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let box: ValueBox
    let path: CodingPath
    let options: JSONValueEncoder

    var codingPath: [any CodingKey] { path.keys }
    var count: Int { box.elementCount }
    /// The key of the element about to be appended, for coding paths.
    private var nextKey: ValueCodingKey { ValueCodingKey(intValue: box.elementCount) }
    private var wide: JSONValueEncoder.WideIntegerEncodingStrategy { options.wideIntegerEncodingStrategy }

    mutating func encodeNil() throws { box.append(.null) }
    mutating func encode(_ value: Bool) throws { box.append(.bool(value)) }
    mutating func encode(_ value: String) throws { box.append(.string(value)) }
    mutating func encode(_ value: Int) throws { box.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { box.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { box.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { box.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { box.append(.integer(value)) }
    mutating func encode(_ value: Int128) throws { box.append(JSONNumber.value(of: value, wide: wide)) }
    mutating func encode(_ value: UInt) throws { box.append(JSONNumber.value(of: value, wide: wide)) }
    mutating func encode(_ value: UInt8) throws { box.append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { box.append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { box.append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { box.append(JSONNumber.value(of: value, wide: wide)) }
    mutating func encode(_ value: UInt128) throws { box.append(JSONNumber.value(of: value, wide: wide)) }

    mutating func encode(_ value: Double) throws {
        box.append(try JSONNumber.value(of: value, path: { path.appending(nextKey) }))
    }

    mutating func encode(_ value: Float) throws {
        box.append(try JSONNumber.value(of: value, path: { path.appending(nextKey) }))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        box.append(try ValueEncoder.jsonValue(value, at: path, key: nextKey, options: options))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<NestedKey>(
            box: box.appendPendingBox(shape: .object), path: path.appending(key), options: options))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        return JSONUnkeyedEncodingContainer(box: box.appendPendingBox(shape: .array), path: path.appending(key), options: options)
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        return ValueEncoder(path: path.appending(key), options: options, box: box.appendPendingBox(shape: .nothing))
    }
}

struct JSONSingleValueEncodingContainer: SingleValueEncodingContainer {
    let box: ValueBox
    let path: CodingPath
    let options: JSONValueEncoder

    var codingPath: [any CodingKey] { path.keys }
    private var wide: JSONValueEncoder.WideIntegerEncodingStrategy { options.wideIntegerEncodingStrategy }

    mutating func encodeNil() throws { box.setSingle(.null) }
    mutating func encode(_ value: Bool) throws { box.setSingle(.bool(value)) }
    mutating func encode(_ value: String) throws { box.setSingle(.string(value)) }
    mutating func encode(_ value: Int) throws { box.setSingle(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { box.setSingle(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { box.setSingle(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { box.setSingle(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { box.setSingle(.integer(value)) }
    mutating func encode(_ value: Int128) throws { box.setSingle(JSONNumber.value(of: value, wide: wide)) }
    mutating func encode(_ value: UInt) throws { box.setSingle(JSONNumber.value(of: value, wide: wide)) }
    mutating func encode(_ value: UInt8) throws { box.setSingle(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { box.setSingle(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { box.setSingle(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { box.setSingle(JSONNumber.value(of: value, wide: wide)) }
    mutating func encode(_ value: UInt128) throws { box.setSingle(JSONNumber.value(of: value, wide: wide)) }
    mutating func encode(_ value: Double) throws { box.setSingle(try JSONNumber.value(of: value, path: { path })) }
    mutating func encode(_ value: Float) throws { box.setSingle(try JSONNumber.value(of: value, path: { path })) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        box.setSingle(try ValueEncoder.jsonValue(value, at: path, key: nil, options: options))
    }
}
