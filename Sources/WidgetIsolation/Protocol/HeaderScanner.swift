/// Reads a frame header that has exactly the compact form `FrameHeaderCoding` writes: given
/// literals, then values of the kinds it writes, with no space, escape or other spelling. Each
/// step answers nil at the first byte that differs, and the header is then read by `JSONReader`,
/// which accepts every spelling and names what is wrong. So this may refuse what is valid, but
/// never accepts what `JSONReader` would refuse or read differently.
///
/// Why: the call and its result are read once each per provider call, and building a
/// `JSONValue` of a header (a dictionary of each object, a `String` of each key) cost a
/// worker-mode call more than a tenth of its CPU (BENCHMARKS.md, "Speed II").
struct HeaderScanner {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    /// Consumes `literal` if the bytes go on with it.
    mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        let matches = literal.withUTF8Buffer { expected in
            bytes.withUnsafeBufferPointer { actual in
                expected.elementsEqual(UnsafeBufferPointer(rebasing: actual[offset..<offset + count]))
            }
        }
        if matches { offset += count }
        return matches
    }

    /// `true` or `false`.
    mutating func bool() -> Bool? {
        if skip("true") { return true }
        if skip("false") { return false }
        return nil
    }

    /// A string with no escape and no control character (JSON's only other constraint); nil for
    /// any other, left to the general reader.
    mutating func string() -> String? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
        var end = offset + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        // Invalid UTF-8 is left to the general reader too, which refuses it.
        guard let text = String(validating: bytes[(offset + 1)..<end], as: UTF8.self) else { return nil }
        offset = end + 1
        return text
    }

    /// An unsigned integer without sign, fraction or exponent that fits in a UInt64.
    mutating func unsigned() -> UInt64? {
        let start = offset
        var value: UInt64 = 0
        while offset < bytes.count, case let digit = bytes[offset] &- UInt8(ascii: "0"), digit < 10 {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdding) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow, !overflowAdding else { offset = start; return nil }
            value = sum
            offset += 1
        }
        // No digits, or a leading zero (which JSON forbids).
        guard offset > start, bytes[start] != UInt8(ascii: "0") || offset == start + 1 else {
            offset = start
            return nil
        }
        return value
    }

    /// An integer without fraction or exponent that fits in an Int64.
    mutating func integer() -> Int64? {
        let start = offset
        let negative = skip("-")
        guard let magnitude = unsigned() else { offset = start; return nil }
        guard let value = negative
            ? (magnitude == UInt64(Int64.max) + 1 ? Int64.min : Int64(exactly: magnitude).map { -$0 })
            : Int64(exactly: magnitude)
        else {
            offset = start
            return nil
        }
        return value
    }

    /// A JSON number, as a Double: `-? int frac? exp?`, converted as `JSONReader` converts it.
    mutating func number() -> Double? {
        let start = offset
        _ = skip("-")
        guard unsigned() != nil || skipLongDigitRun() else { offset = start; return nil }
        if skip(".") {
            guard skipDigits() else { offset = start; return nil }
        }
        if skip("e") || skip("E") {
            if !skip("+") { _ = skip("-") }
            guard skipDigits() else { offset = start; return nil }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { offset = start; return nil }
        return value
    }

    /// One or more digits.
    private mutating func skipDigits() -> Bool {
        let start = offset
        while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 { offset += 1 }
        return offset > start
    }

    /// An integer part too long for a UInt64, without a leading zero.
    private mutating func skipLongDigitRun() -> Bool {
        guard offset < bytes.count, bytes[offset] != UInt8(ascii: "0") else { return false }
        return skipDigits()
    }
}
