/// Strings: the part of the parser that checks UTF-8 and undoes escapes.
extension JSONParser {
    /// The string whose opening quote is at `offset`.
    mutating func string() throws(JSONReadError) -> String {
        offset += 1
        let start = offset
        // Fast path: no escapes, so the string is the input's bytes as they are.
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
                offset += 1
                return text
            case UInt8(ascii: "\\"):
                unescaped.removeAll(keepingCapacity: true)
                unescaped.append(contentsOf: bytes[start..<offset])
                return try escapedString()
            case 0..<0x20: throw JSONReadError(.controlCharacter, at: offset)
            case 0x80...: try skipMultibyteCharacter()
            default: offset += 1
            }
        }
        throw failure(expected: "'\"'")
    }

    /// The rest of a string from its first backslash, at `offset`, collected in `unescaped`.
    private mutating func escapedString() throws(JSONReadError) -> String {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try unescape()
            case 0..<0x20: throw JSONReadError(.controlCharacter, at: offset)
            case 0x80...:
                let characterStart = offset
                try skipMultibyteCharacter()
                unescaped.append(contentsOf: bytes[characterStart..<offset])
            default:
                unescaped.append(byte)
                offset += 1
            }
        }
        throw failure(expected: "'\"'")
    }

    /// Appends what the escape sequence at `offset` stands for.
    private mutating func unescape() throws(JSONReadError) {
        let start = offset
        offset += 1
        let replacement: UInt8
        switch peek() {
        case UInt8(ascii: "\""): replacement = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): replacement = UInt8(ascii: "/")
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"):
            offset += 1
            let scalar = try unicodeEscape(startingAt: start)
            UTF8.encode(scalar) { unescaped.append($0) }
            return
        default: throw JSONReadError(.invalidEscape, at: start)
        }
        unescaped.append(replacement)
        offset += 1
    }

    /// The scalar of a `\uXXXX` escape (begun at `start`, with `offset` past the `u`), reading
    /// the low half's escape too when it is a high surrogate.
    private mutating func unicodeEscape(startingAt start: Int) throws(JSONReadError) -> Unicode.Scalar {
        let unit = try hexQuad(escapeStart: start)
        switch unit {
        case 0xD800...0xDBFF:
            guard peek() == UInt8(ascii: "\\"), peek(at: offset + 1) == UInt8(ascii: "u") else {
                throw JSONReadError(.loneSurrogate, at: start)
            }
            let lowStart = offset
            offset += 2
            let low = try hexQuad(escapeStart: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else { throw JSONReadError(.loneSurrogate, at: start) }
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            return Unicode.Scalar(value)!  // Always in U+10000...U+10FFFF.
        case 0xDC00...0xDFFF:
            throw JSONReadError(.loneSurrogate, at: start)
        default:
            return Unicode.Scalar(unit)!  // Not a surrogate, so a scalar.
        }
    }

    /// Four hex digits at `offset`, as one UTF-16 code unit.
    private mutating func hexQuad(escapeStart: Int) throws(JSONReadError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let digit: UInt8
            switch peek() {
            case let byte? where isDigit(byte): digit = byte - UInt8(ascii: "0")
            case let byte? where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20):
                digit = (byte | 0x20) - UInt8(ascii: "a") + 10
            default: throw JSONReadError(.invalidEscape, at: escapeStart)
            }
            unit = unit << 4 | UInt16(digit)
            offset += 1
        }
        return unit
    }

    /// Steps over the UTF-8 sequence of one non-ASCII character at `offset`. The ranges are
    /// RFC 3629's, which leave out overlong forms, surrogates and anything past U+10FFFF.
    private mutating func skipMultibyteCharacter() throws(JSONReadError) {
        let continuation: ClosedRange<UInt8> = 0x80...0xBF
        let (length, second): (Int, ClosedRange<UInt8>) = switch bytes[offset] {
        case 0xC2...0xDF: (2, continuation)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, continuation)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, continuation)
        case 0xF4: (4, 0x80...0x8F)
        default: (0, continuation)
        }
        guard length > 0, offset + length <= bytes.count, second.contains(bytes[offset + 1]),
              (offset + 2..<offset + length).allSatisfy({ continuation.contains(bytes[$0]) })
        else { throw JSONReadError(.invalidUTF8, at: offset) }
        offset += length
    }
}
