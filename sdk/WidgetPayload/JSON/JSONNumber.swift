import FoundationEssentials

/// Numbers as the old `JSONEncoder` → `JSONDecoder` round trip left them in a `JSONValue`.
///
/// `JSONEncoder` writes a floating-point number as its `description` and `JSONDecoder` then reads
/// an `.integer` when that decimal text is exactly a whole number in Int64's range, a `.number`
/// otherwise. So 2.0 is `.integer(2)`, 2^60 (text "1.152921504606847e+18") is
/// `.integer(1152921504606847000)`, and 2^63 or UInt64.max is a `.number`.
enum JSONNumber {
    static func value(of number: Double, path: () -> CodingPath) throws -> JSONValue {
        guard number.isFinite else { throw nonFinite(number, path: path) }
        // Below 2^53 the text of a whole number is its exact digits, and a fraction never reads
        // as an integer: no text needed.
        if number.magnitude < 0x1p53 {
            return number == number.rounded(.towardZero) ? .integer(Int64(number)) : .number(number)
        }
        return exactInteger(number.description).map(JSONValue.integer) ?? .number(number)
    }

    static func value(of number: Float, path: () -> CodingPath) throws -> JSONValue {
        guard number.isFinite else { throw nonFinite(number, path: path) }
        // Through the Float's shortest decimal form, so 0.42 arrives as 0.42, not 0.41999998688697815.
        let text = number.description
        return exactInteger(text).map(JSONValue.integer) ?? .number(Double(text) ?? Double(number))
    }

    static func value(of number: Decimal, path: () -> CodingPath) throws -> JSONValue {
        guard !number.isNaN else {
            throw EncodingError.invalidValue(number, EncodingError.Context(
                codingPath: path().keys, debugDescription: "Unable to encode Decimal.nan directly in JSON."))
        }
        let text = number.description
        return exactInteger(text).map(JSONValue.integer) ?? .number(Double(text) ?? 0)
    }

    /// An integer: `.integer` when it fits in an Int64, else as `wide` says.
    static func value<Integer: BinaryInteger>(
        of number: Integer, wide: JSONValueEncoder.WideIntegerEncodingStrategy
    ) -> JSONValue {
        if let exact = Int64(exactly: number) { return .integer(exact) }
        switch wide {
        case .nearestNumber: return .number(Double(number))
        case .decimalString: return .string(String(number))
        }
    }

    /// The error `JSONEncoder` throws for NaN and the infinities, with the same words.
    private static func nonFinite<F: BinaryFloatingPoint>(_ number: F, path: () -> CodingPath) -> EncodingError {
        .invalidValue(number, EncodingError.Context(
            codingPath: path().keys, debugDescription: "Unable to encode \(F.self).\(number) directly in JSON."))
    }

    /// The Int64 a JSON number's text stands for exactly, as `JSONDecoder` reads it: "1e+16",
    /// "100.0" and "-0" are integers; "1.5", "1e-07" and anything beyond Int64 are not.
    static func exactInteger(_ text: String) -> Int64? {
        var negative = false
        var digits: [UInt8] = []
        var fractionDigits = 0
        var inFraction = false
        var exponent = 0
        var utf8 = text.utf8[...]
        if utf8.first == UInt8(ascii: "-") {
            negative = true
            utf8 = utf8.dropFirst()
        }
        while let byte = utf8.popFirst() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // Leading zeros carry nothing.
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte - UInt8(ascii: "0")) }
                if inFraction { fractionDigits += 1 }
            case UInt8(ascii: "."):
                inFraction = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard let value = Int(String(decoding: utf8, as: UTF8.self)) else { return nil }
                exponent = value
                utf8 = utf8[utf8.endIndex...]
            default:
                return nil
            }
        }
        // The value is digits × 10^scale; it is whole when the digits below the point are zeros.
        var scale = exponent - fractionDigits
        while scale < 0, digits.last == 0 {
            digits.removeLast()
            scale += 1
        }
        if digits.isEmpty { return 0 }
        // 20 digits and more exceed Int64, and a negative scale is a fraction.
        guard scale >= 0, digits.count + scale <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for digit in digits { magnitude = magnitude * 10 + UInt64(digit) }
        for _ in 0..<scale { magnitude *= 10 }
        if negative {
            return magnitude <= Int64.min.magnitude ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return Int64(exactly: magnitude)
    }
}
