/// Reads one JSON document (RFC 8259, strictly) from UTF-8 bytes into a `JSONValue`.
///
/// It accepts exactly the grammar of RFC 8259 and nothing more, since its input (a provider's
/// payload) is untrusted and a lenient reader would let bundles depend on quirks:
/// - whitespace (space, tab, CR, LF) around tokens; nothing after the top value, and no byte
///   order mark; no comments, no trailing commas; no leading zeros in numbers;
/// - strings must be valid UTF-8 with no unescaped control characters (U+0000–U+001F);
///   `\uXXXX` escapes must pair surrogates (a lone surrogate is an error);
/// - an object with the same key twice is an error: `JSONValue.object` can hold one value per
///   key and the RFC leaves which one wins undefined. Keys are compared as Swift strings, so two
///   canonically equivalent spellings (`"é"` and `"e\u0301"`) are the same key;
/// - arrays and objects may nest `maximumDepth` deep, so hostile input cannot exhaust the stack.
///
/// Numbers: a literal without fraction or exponent that fits `Int64` is `.integer` (so `-0` is
/// `.integer(0)`, as Foundation's JSONDecoder read it); any other is `.number`, converted from
/// its text with correct rounding. A literal too large for a `Double` (`1e999`) is an error, as
/// JSON has no infinity; one too small (`1e-400`) is zero.
public struct JSONReader: Sendable {
    /// Deep enough for any real payload (and JSONDecoder's limit too); shallow enough for a
    /// thread's stack.
    public static let defaultMaximumDepth = 512

    /// How many arrays and objects may nest inside one another; the top value counts as one.
    public var maximumDepth: Int

    public init(maximumDepth: Int = JSONReader.defaultMaximumDepth) {
        self.maximumDepth = maximumDepth
    }

    public func read(_ bytes: [UInt8]) throws(JSONReadError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONReadError) in try read(buffer) }
    }

    /// Reads the bytes in place; they must stay valid and unchanged for the call.
    public func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONReadError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        return try parser.document()
    }
}

/// One pass over the input: a recursive descent parser, one method per production (strings are
/// in JSONParser+Strings.swift).
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var offset = 0
    var depth = 0
    /// Reused for each string with escapes, whose bytes cannot be taken from the input as is.
    var unescaped: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    mutating func document() throws(JSONReadError) -> JSONValue {
        skipWhitespace()
        let value = try value()
        skipWhitespace()
        guard offset == bytes.count else { throw failure(expected: "the end of the input") }
        return value
    }

    // MARK: Values

    private mutating func value() throws(JSONReadError) -> JSONValue {
        guard let byte = peek() else { throw failure(expected: "a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: throw failure(expected: "a value")
        }
    }

    private mutating func object() throws(JSONReadError) -> JSONValue {
        try enterContainer()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object([:])
        }
        // Payload objects are small (an entry has three members); room for three up front
        // spares most of them the regrowth, which rehashes every key.
        var members = [String: JSONValue](minimumCapacity: 3)
        while true {
            guard peek() == UInt8(ascii: "\"") else {
                throw failure(expected: members.isEmpty ? "a string key or '}'" : "a string key")
            }
            let keyOffset = offset
            let key = try string()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure(expected: "':'") }
            offset += 1
            skipWhitespace()
            if members.updateValue(try value(), forKey: key) != nil {
                throw JSONReadError(.duplicateKey(key), at: keyOffset)
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1; skipWhitespace()
            case UInt8(ascii: "}"): offset += 1; depth -= 1; return .object(members)
            default: throw failure(expected: "',' or '}'")
            }
        }
    }

    private mutating func array() throws(JSONReadError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1; skipWhitespace()
            case UInt8(ascii: "]"): offset += 1; depth -= 1; return .array(elements)
            default: throw failure(expected: "',' or ']'")
            }
        }
    }

    /// Steps over the `{` or `[` at `offset`, counting it against the depth limit.
    private mutating func enterContainer() throws(JSONReadError) {
        guard depth < maximumDepth else { throw JSONReadError(.tooDeep(limit: maximumDepth), at: offset) }
        depth += 1
        offset += 1
    }

    private mutating func literal(_ word: StaticString) throws(JSONReadError) {
        let start = offset
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard peek() == expected else {
                // Point at where the value began ("tru", "nul"), not at the letter that differs.
                offset = start
                throw failure(expected: "a value")
            }
            offset += 1
        }
    }

    // MARK: Numbers

    private mutating func number() throws(JSONReadError) -> JSONValue {
        let start = offset
        let isNegative = peek() == UInt8(ascii: "-")
        if isNegative { offset += 1 }
        if peek() == UInt8(ascii: "0") {
            offset += 1
            if let next = peek(), isDigit(next) { throw JSONReadError(.leadingZero, at: start) }
        } else {
            try digits()
        }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            try digits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            try digits()
        }
        if isInteger, let integer = int64(digitsFrom: isNegative ? start + 1 : start, negative: isNegative) {
            return .integer(integer)
        }
        // The standard library's conversion rounds correctly; the text is known to be a JSON number.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw JSONReadError(.numberOutOfRange, at: start)
        }
        return .number(double)
    }

    /// One or more digits.
    private mutating func digits() throws(JSONReadError) {
        guard let first = peek(), isDigit(first) else { throw failure(expected: "a digit") }
        offset += 1
        while let next = peek(), isDigit(next) { offset += 1 }
    }

    /// The digits from `start` to `offset` as an Int64, or nil if they do not fit.
    private func int64(digitsFrom start: Int, negative: Bool) -> Int64? {
        // Accumulated as a negative number, whose range reaches Int64.min.
        var value: Int64 = 0
        for index in start..<offset {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, underflow) = times10.subtractingReportingOverflow(Int64(bytes[index] &- UInt8(ascii: "0")))
            guard !overflow, !underflow else { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    // MARK: Bytes

    func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    func peek(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private mutating func skipWhitespace() {
        while let byte = peek(),
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t") {
            offset += 1
        }
    }

    /// What was expected at `offset`, which may be the end of the input.
    func failure(expected: String) -> JSONReadError {
        JSONReadError(offset < bytes.count ? .expected(expected) : .unexpectedEnd(expected: expected), at: offset)
    }
}
