/// Why `JSONReader` refused a document, and the byte where it stopped.
public struct JSONReadError: Error, CustomStringConvertible, Hashable, Sendable {
    public enum Problem: Hashable, Sendable {
        /// Another byte stood where this was expected: "a value", "',' or '}'", "a digit".
        case expected(String)
        /// The input ended where this was expected.
        case unexpectedEnd(expected: String)
        /// `01`, `-00`: JSON numbers have no leading zeros.
        case leadingZero
        /// The number overflows a `Double` (`1e999`); JSON has no infinity.
        case numberOutOfRange
        /// A byte below U+0020 inside a string, which must be escaped.
        case controlCharacter
        /// A backslash followed by anything but `" \ / b f n r t` or `u` and four hex digits.
        case invalidEscape
        /// A `\uXXXX` escape of a UTF-16 surrogate that is not one half of a pair.
        case loneSurrogate
        /// Bytes in a string that are not well-formed UTF-8.
        case invalidUTF8
        /// The object already has a member with this key.
        case duplicateKey(String)
        /// Arrays and objects nested deeper than the reader's limit.
        case tooDeep(limit: Int)
    }

    public var problem: Problem
    /// Zero-based: the first byte of the offending token (the backslash of a bad escape, the
    /// first byte of a bad UTF-8 sequence, the quote of a duplicate key).
    public var offset: Int

    public init(_ problem: Problem, at offset: Int) {
        self.problem = problem
        self.offset = offset
    }

    public var description: String {
        switch problem {
        case .expected(let what): "expected \(what) at byte \(offset)"
        case .unexpectedEnd(let what): "unexpected end of input at byte \(offset); expected \(what)"
        case .leadingZero: "a number with a leading zero at byte \(offset)"
        case .numberOutOfRange: "a number too large for a Double at byte \(offset)"
        case .controlCharacter: "an unescaped control character in a string at byte \(offset); write it as \\uXXXX"
        case .invalidEscape: "an invalid escape sequence at byte \(offset)"
        case .loneSurrogate: "a \\u escape of a lone UTF-16 surrogate at byte \(offset)"
        case .invalidUTF8: "invalid UTF-8 at byte \(offset)"
        case .duplicateKey(let key): "a second member named \"\(key)\" at byte \(offset)"
        case .tooDeep(let limit): "arrays and objects nested more than \(limit) deep at byte \(offset)"
        }
    }
}
