import FoundationEssentials

// How `ValueDecoder` reads each scalar, and its errors, in JSONDecoder's words. `path` gives the
// coding path of the value, called only for an error.

extension ValueDecoder {
    static func bool(_ value: JSONValue, path: () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self, value, path: path) }
        return flag
    }

    static func string(_ value: JSONValue, path: () -> [any CodingKey]) throws -> String {
        guard case .string(let string) = value else { throw mismatch(String.self, value, path: path) }
        return string
    }

    static func integer<Integer: FixedWidthInteger>(
        _ type: Integer.Type, _ value: JSONValue, path: () -> [any CodingKey]
    ) throws -> Integer {
        switch value {
        case .integer(let integer):
            if let exact = Integer(exactly: integer) { return exact }
        case .number(let number):
            if let exact = Integer(exactly: number) { return exact }
        case .string(let digits):
            // Only the spelling `.decimalString` gives: an integer an `.integer` cannot hold.
            guard let wide = wideInteger(Integer.self, digits) else { throw mismatch(Integer.self, value, path: path) }
            return wide
        default:
            throw mismatch(Integer.self, value, path: path)
        }
        throw doesNotFit(Integer.self, value, path: path)
    }

    /// `digits` as `Integer` when they are an optional minus and decimal digits standing for a
    /// value outside Int64's range; nil otherwise.
    private static func wideInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, _ digits: String) -> Integer? {
        let body = digits.utf8.first == UInt8(ascii: "-") ? digits.utf8.dropFirst() : digits.utf8[...]
        guard !body.isEmpty, body.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let integer = Integer(digits), Int64(exactly: integer) == nil else { return nil }
        return integer
    }

    static func double(_ value: JSONValue, path: () -> [any CodingKey]) throws -> Double {
        switch value {
        case .number(let number): return number
        case .integer(let integer): return Double(integer)
        default: throw mismatch(Double.self, value, path: path)
        }
    }

    static func float(_ value: JSONValue, path: () -> [any CodingKey]) throws -> Float {
        if case .integer(let integer) = value { return Float(integer) }
        // Rounds to the nearest Float; only beyond Float's range (not merely past its largest
        // value: "3.4028235e+38" is Float.greatestFiniteMagnitude) does it become infinite.
        let float = Float(try double(value, path: path))
        guard float.isFinite else { throw doesNotFit(Float.self, value, path: path) }
        return float
    }

    /// `JSONDecoder`'s `.iso8601`: the style `JSONValueEncoder` writes with.
    private static let iso8601 = Date.ISO8601FormatStyle()

    static func date(_ value: JSONValue, options: JSONValueDecoder, path: () -> [any CodingKey]) throws -> Date {
        switch options.dateDecodingStrategy {
        case .secondsSinceReferenceDate:
            return Date(timeIntervalSinceReferenceDate: try double(value, path: path))
        case .iso8601:
            let text = try string(value, path: path)
            guard let date = try? iso8601.parse(text) else {
                throw corrupted("Expected date string to be ISO8601-formatted.", path: path)
            }
            return date
        }
    }

    static func data(_ value: JSONValue, path: () -> [any CodingKey]) throws -> Data {
        guard let data = Data(base64Encoded: try string(value, path: path)) else {
            throw corrupted("Encountered Data is not valid Base64.", path: path)
        }
        return data
    }

    static func url(_ value: JSONValue, path: () -> [any CodingKey]) throws -> URL {
        guard let url = URL(string: try string(value, path: path)) else {
            throw corrupted("Invalid URL string.", path: path)
        }
        return url
    }

    /// A Decimal travels as a number (`JSONNumber`): read back from that number's shortest text.
    static func decimal(_ value: JSONValue, path: () -> [any CodingKey]) throws -> Decimal {
        switch value {
        case .integer(let integer): return Decimal(integer)
        case .number(let number):
            guard let decimal = Decimal(string: number.description) else { throw doesNotFit(Decimal.self, value, path: path) }
            return decimal
        default: throw mismatch(Decimal.self, value, path: path)
        }
    }

    // MARK: Errors

    /// The value is of another JSON type than `type` needs: `valueNotFound` for null, as
    /// `JSONDecoder` throws, `typeMismatch` otherwise.
    static func mismatch(_ type: Any.Type, _ value: JSONValue, path: () -> [any CodingKey]) -> DecodingError {
        if case .null = value {
            return .valueNotFound(type, DecodingError.Context(
                codingPath: path(), debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(type, DecodingError.Context(
            codingPath: path(), debugDescription: "Expected to decode \(type) but found \(kind(of: value)) instead."))
    }

    private static func doesNotFit(_ type: Any.Type, _ value: JSONValue, path: () -> [any CodingKey]) -> DecodingError {
        let number: String = switch value {
        case .integer(let integer): "\(integer)"
        case .number(let number): "\(number)"
        default: "\(value)"
        }
        return corrupted("Parsed JSON number <\(number)> does not fit in \(type).", path: path)
    }

    static func corrupted(_ words: String, path: () -> [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path(), debugDescription: words))
    }

    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .integer, .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}
