/// Writes JSON by hand, in one pass: how a bundle turns its reply into the bytes of `payload.h`
/// without `JSONEncoder`, which the SDK used to run on every call.
///
/// The bytes mean what `JSONEncoder` wrote before:
/// - A `ProviderReply` and its parts keep the keys and the shape of their `Codable` conformances:
///   `relevance` is always present (`null` when there is none), and an absent `entry`, `entries`,
///   `policy` or `error` is left out. Their members come in the order `payload.h` lists them
///   (JSONEncoder's order was not fixed).
/// - The members of a `JSONValue` object come in sorted key order, so one value always gives the
///   same bytes.
/// - Integers are written in decimal. A Double is written as `JSONEncoder` writes it: its shortest
///   round-tripping form (`description`, so `0.1`, `1e+21`, `1e-07`, `5e-324`: all valid JSON) with
///   a trailing ".0" dropped, so 1767225600.0 is written `1767225600`.
/// - Strings escape `"`, `\` and the control characters (the short forms where JSON has one,
///   `\u00XX` otherwise); everything else, `/` and non-ASCII UTF-8 included, is copied as is.
/// - NaN and the infinities have no JSON spelling: writing one throws `NonFiniteNumber`.
public struct JSONWriter {
    /// A NaN or infinite Double, which JSON cannot hold.
    public struct NonFiniteNumber: Error, Hashable, Sendable, CustomStringConvertible {
        public let value: Double

        public var description: String { "JSON cannot hold the number \(value)" }
    }

    /// What has been written so far.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// `value` as JSON.
    public static func bytes(of value: JSONValue) throws(NonFiniteNumber) -> [UInt8] {
        var writer = JSONWriter()
        try writer.write(value)
        return writer.bytes
    }

    /// `reply` as the JSON document of `payload.h`.
    public static func bytes(of reply: ProviderReply) throws(NonFiniteNumber) -> [UInt8] {
        var writer = JSONWriter()
        try writer.write(reply)
        return writer.bytes
    }

    /// `value` as JSON laid out for people the way `JSONEncoder`'s `.prettyPrinted` lays it out
    /// (two spaces a level, `"key" : value`, an empty array or object as an empty line), members
    /// in sorted key order.
    public static func prettyBytes(of value: JSONValue) throws(NonFiniteNumber) -> [UInt8] {
        var writer = JSONWriter()
        try writer.writePretty(value, depth: 0)
        return writer.bytes
    }

    private mutating func writePretty(_ value: JSONValue, depth: Int) throws(NonFiniteNumber) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(depth: depth + 1)
                try writePretty(element, depth: depth + 1)
            }
            newline(depth: depth)
            bytes.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, member)) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(depth: depth + 1)
                write(key)
                append(" : ")
                try writePretty(member, depth: depth + 1)
            }
            newline(depth: depth)
            bytes.append(UInt8(ascii: "}"))
        case .array:
            bytes.append(UInt8(ascii: "["))
            bytes.append(UInt8(ascii: "\n"))
            newline(depth: depth)
            bytes.append(UInt8(ascii: "]"))
        case .object:
            bytes.append(UInt8(ascii: "{"))
            bytes.append(UInt8(ascii: "\n"))
            newline(depth: depth)
            bytes.append(UInt8(ascii: "}"))
        default:
            try write(value)
        }
    }

    private mutating func newline(depth: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    public mutating func write(_ value: JSONValue) throws(NonFiniteNumber) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .integer(let integer): write(integer)
        case .number(let number): try write(number)
        case .string(let string): write(string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                try write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                writeKey(key, first: first)
                first = false
                try write(member)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    public mutating func write(_ reply: ProviderReply) throws(NonFiniteNumber) {
        append("{\"version\":")
        write(Int64(reply.version))
        if let entry = reply.entry {
            append(",\"entry\":")
            try write(entry)
        }
        if let entries = reply.entries {
            append(",\"entries\":[")
            for (index, entry) in entries.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                try write(entry)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        if let policy = reply.policy {
            append(",\"policy\":")
            try write(policy)
        }
        if let error = reply.error {
            append(",\"error\":{\"message\":")
            write(error.message)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func write(_ entry: EntryPayload) throws(NonFiniteNumber) {
        append("{\"date\":")
        try write(entry.date)
        append(",\"relevance\":")
        if let relevance = entry.relevance {
            append("{\"score\":")
            try write(relevance.score)
            append(",\"duration\":")
            try write(relevance.duration)
            bytes.append(UInt8(ascii: "}"))
        } else {
            append("null")
        }
        append(",\"content\":")
        try write(entry.content)
        if let view = entry.view {
            append(",\"view\":")
            try write(view)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func write(_ policy: PolicyPayload) throws(NonFiniteNumber) {
        switch policy {
        case .atEnd: append("{\"type\":\"atEnd\"}")
        case .never: append("{\"type\":\"never\"}")
        case .after(let date):
            append("{\"type\":\"after\",\"date\":")
            try write(date)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    // MARK: Scalars

    public mutating func write(_ integer: Int64) {
        // At most 20 digits; built backwards so no String is made.
        var magnitude = integer.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if integer < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: digits[start...])
        }
    }

    public mutating func write(_ number: Double) throws(NonFiniteNumber) {
        guard number.isFinite else { throw NonFiniteNumber(value: number) }
        // Whole numbers below 1e15 print as "<digits>.0"; the decimal writer gives the same digits
        // without building a String. -0.0 keeps its sign through `description`.
        if number.magnitude < 1e15, number == number.rounded(.towardZero), !(number == 0 && number.sign == .minus) {
            return write(Int64(number))
        }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    public mutating func write(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            // Copy runs of bytes that need no escape in one go.
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: utf8[runStart..<index])
                appendEscape(of: byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: utf8[runStart...])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(of byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
            // Lower-case hex, as JSONEncoder writes it.
            append("\\u00")
            for nibble in [byte >> 4, byte & 0xF] {
                bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
            }
        }
    }

    private mutating func writeKey(_ key: String, first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        write(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Appends literal ASCII text: the punctuation and key names above.
    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `json` as it is: punctuation and keys of a document whose shape the caller
    /// knows, written between calls to the value writers above. The caller answers for it being
    /// JSON, and for keys being in the order the writer's objects use (sorted).
    public mutating func writeLiteral(_ json: StaticString) {
        append(json)
    }
}
