import Foundation
import WidgetPayload

/// How defaults travel on the bus: one variant per value, mapped type for type to what a widget
/// reads back through `UserDefaults(suiteName:)` (docs/apps.md, "Types"):
///
/// | D-Bus                          | stored as (`StoredValue`) |
/// |--------------------------------|---------------------------|
/// | `y` `n` `q` `i` `u` `x`, `t` ≤ Int64.max | int             |
/// | `d`                            | double                    |
/// | `b`                            | bool                      |
/// | `s`, `o`, `g`                  | string                    |
/// | `ay`                           | data                      |
/// | `(d)`: seconds since 1970 UTC  | date                      |
/// | other arrays, `a{sv}`, `a{s…}` | json (array, object)      |
///
/// Inside an array or dictionary the same numbers, strings and booleans, and nested arrays and
/// dictionaries, become JSON; data and dates there have no JSON form and are refused. JSON's
/// `null`, which no D-Bus type holds, is written back as an empty `av`.
enum BusValues {
    /// Arrays and dictionaries nested deeper than this are refused, read or written. A level
    /// on the bus is a variant and an array (two of the 64 containers a D-Bus message may nest,
    /// of which 32 arrays), so a reply of a deeper document stored by another writer would be a
    /// message the bus refuses, and for which it disconnects the sender.
    static let maximumDepth = 15

    /// Reads one variant of `key` in `group`.
    static func readVariant(_ message: BusMessage, key: String, group: String) throws(BusMessageError) -> StoredValue {
        guard let (type, contents) = message.peek(), type == "v" else { throw refused(key, group, "no value") }
        try message.enter("v", contents, key)
        defer { _ = try? message.exit(key) }
        switch contents {
        case "ay": return .data(try message.readBytes(key))
        case "(d)":
            try message.enter("r", "d", key)
            let seconds = try message.readBasic("d", as: Double.self, initial: 0, key)
            try message.exit(key)
            return .date(Date(timeIntervalSince1970: seconds))
        case "d": return .double(try message.readBasic("d", as: Double.self, initial: 0, key))
        case "b": return .bool(try message.readBasic("b", as: Int32.self, initial: 0, key) != 0)
        case "s", "o", "g": return .string(try message.readString(key, type: Character(contents)))
        default:
            if let integer = try readInteger(message, type: contents, key: key, group: group) { return .int(Int(integer)) }
            return .json(try readJSON(message, signature: contents, key: key, group: group, depth: 1))
        }
    }

    private static func readInteger(_ message: BusMessage, type: String, key: String, group: String) throws(BusMessageError) -> Int64? {
        switch type {
        case "y": return Int64(try message.readBasic("y", as: UInt8.self, initial: 0, key))
        case "n": return Int64(try message.readBasic("n", as: Int16.self, initial: 0, key))
        case "q": return Int64(try message.readBasic("q", as: UInt16.self, initial: 0, key))
        case "i": return Int64(try message.readBasic("i", as: Int32.self, initial: 0, key))
        case "u": return Int64(try message.readBasic("u", as: UInt32.self, initial: 0, key))
        case "x": return try message.readBasic("x", as: Int64.self, initial: 0, key)
        case "t":
            let value = try message.readBasic("t", as: UInt64.self, initial: 0, key)
            guard let exact = Int64(exactly: value) else {
                throw refused(key, group, "a D-Bus 't' of \(value), over the largest int the store keeps (\(Int64.max))")
            }
            return exact
        default: return nil
        }
    }

    /// A value inside an array or dictionary, of the complete type `signature`.
    private static func readJSON(
        _ message: BusMessage, signature: String, key: String, group: String, depth: Int
    ) throws(BusMessageError) -> JSONValue {
        switch signature {
        case "v":
            guard let (_, contents) = message.peek() else { throw refused(key, group, "no value") }
            try message.enter("v", contents, key)
            // A variant is a wrapper, not a level of the document.
            let value = try readJSON(message, signature: contents, key: key, group: group, depth: depth)
            try message.exit(key)
            return value
        case "d": return .number(try message.readBasic("d", as: Double.self, initial: 0, key))
        case "b": return .bool(try message.readBasic("b", as: Int32.self, initial: 0, key) != 0)
        case "s", "o", "g": return .string(try message.readString(key, type: Character(signature)))
        default: break
        }
        if let integer = try readInteger(message, type: signature, key: key, group: group) { return .integer(integer) }
        guard signature.first == "a" else { throw refused(key, group, typeName(signature)) }
        guard depth <= maximumDepth else { throw refused(key, group, "nested deeper than \(maximumDepth) arrays or dictionaries") }
        let element = String(signature.dropFirst())
        if element.hasPrefix("{") {
            // A dictionary: its keys must be strings, as JSON's are.
            guard element.hasPrefix("{s") else { throw refused(key, group, "a dictionary whose keys are not strings (\(signature))") }
            let valueSignature = String(element.dropFirst(2).dropLast())
            try message.enter("a", element, key)
            var object: [String: JSONValue] = [:]
            while try !message.atEnd(key) {
                try message.enter("e", String(element.dropFirst().dropLast()), key)
                let name = try message.readString(key)
                object[name] = try readJSON(message, signature: valueSignature, key: key, group: group, depth: depth + 1)
                try message.exit(key)
            }
            try message.exit(key)
            return .object(object)
        }
        if element == "y" { throw refused(key, group, "bytes (ay) inside an array or dictionary, which JSON cannot hold") }
        try message.enter("a", element, key)
        var array: [JSONValue] = []
        while try !message.atEnd(key) {
            array.append(try readJSON(message, signature: element, key: key, group: group, depth: depth + 1))
        }
        try message.exit(key)
        return .array(array)
    }

    private static func typeName(_ signature: String) -> String {
        switch signature {
        case "(d)": "a date (d) inside an array or dictionary, which JSON cannot hold"
        case "h": "a file descriptor (h)"
        default: "a D-Bus '\(signature)'"
        }
    }

    static func refused(_ key: String, _ group: String, _ what: String) -> BusMessageError {
        BusMessageError(
            code: "dev.widgethost.WidgetHost1.Error.InvalidValue",
            message: "value for '\(key)' in '\(group)' is \(what), which the store cannot keep; nothing of this call was written. Send one of: y, n, q, i, u, x, t, d, b, s, o, g, ay, (d) for a date, or arrays and a{sv} of numbers, strings and booleans (docs/apps.md)")
    }

    // MARK: Writing

    static func appendVariant(_ message: BusMessage, _ value: StoredValue) throws(BusMessageError) {
        switch value {
        // Numbers, strings and booleans go on the bus as they do inside a JSON document.
        case .int(let number): try appendJSON(message, .integer(Int64(number)))
        case .double(let number): try appendJSON(message, .number(number))
        case .bool(let flag): try appendJSON(message, .bool(flag))
        case .string(let text): try appendJSON(message, .string(text))
        case .json(let document): try appendJSON(message, document)
        case .data(let data):
            try message.open("v", "ay")
            try message.appendBytes(data)
            try message.close()
        case .date(let date):
            try message.open("v", "(d)")
            try message.open("r", "d")
            try message.appendBasic("d", date.timeIntervalSince1970)
            try message.close()
            try message.close()
        }
    }

    static func appendJSON(_ message: BusMessage, _ value: JSONValue, depth: Int = 1) throws(BusMessageError) {
        switch value {
        case .array, .object:
            guard depth <= maximumDepth else {
                throw BusMessageError(
                    code: "dev.widgethost.WidgetHost1.Error.InvalidValue",
                    message: "a stored JSON document nests arrays or dictionaries deeper than \(maximumDepth), more than a D-Bus message carries; read it over HTTP or with `widgethost defaults read`, or store it flatter")
            }
        default: break
        }
        switch value {
        case .integer(let number):
            try message.open("v", "x")
            try message.appendBasic("x", number)
        case .number(let number):
            try message.open("v", "d")
            try message.appendBasic("d", number)
        case .bool(let flag):
            try message.open("v", "b")
            try message.appendBasic("b", Int32(flag ? 1 : 0))
        case .string(let text):
            try message.open("v", "s")
            try message.append(text)
        case .null:
            try message.open("v", "av")
            try message.open("a", "v")
            try message.close()
        case .array(let elements):
            try message.open("v", "av")
            try message.open("a", "v")
            for element in elements { try appendJSON(message, element, depth: depth + 1) }
            try message.close()
        case .object(let members):
            try message.open("v", "a{sv}")
            try appendDictionary(message, members) { message, member throws(BusMessageError) in
                try appendJSON(message, member, depth: depth + 1)
            }
        }
        try message.close()
    }

    /// An `a{sv}`, keys sorted.
    static func appendDictionary<Value>(
        _ message: BusMessage, _ members: [String: Value], _ appendValue: (BusMessage, Value) throws(BusMessageError) -> Void
    ) throws(BusMessageError) {
        try message.open("a", "{sv}")
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            try message.open("e", "sv")
            try message.append(name)
            try appendValue(message, value)
            try message.close()
        }
        try message.close()
    }
}
