import Foundation
import Testing
import WidgetPayload

@Suite struct JSONReaderTests {
    private func read(_ text: String, maximumDepth: Int = JSONReader.defaultMaximumDepth) throws(JSONReadError) -> JSONValue {
        try JSONReader(maximumDepth: maximumDepth).read(Array(text.utf8))
    }

    private func readError(_ bytes: [UInt8]) -> JSONReadError? {
        do {
            let value = try JSONReader().read(bytes)
            Issue.record("accepted \(bytes) as \(value)")
            return nil
        } catch {
            return error
        }
    }

    // MARK: Accepted

    @Test func readsEveryKindOfValue() throws {
        let value = try read(#" { "n" : null , "t":true,"f":false,"i":-42,"d":2.5,"s":"x","a":[1,[],{}],"o":{"k":"v"} } "#)
        #expect(value == .object([
            "n": .null, "t": .bool(true), "f": .bool(false), "i": .integer(-42), "d": .number(2.5), "s": .string("x"),
            "a": .array([.integer(1), .array([]), .object([:])]), "o": .object(["k": .string("v")]),
        ]))
        #expect(try read("\t\r\n 7 \n") == .integer(7))
        #expect(try read(#""""#) == .string(""))
    }

    @Test func undoesEveryEscape() throws {
        #expect(try read(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try read(#""caf\u00e9 \u00E9 \u0000 \u20AC""#) == .string("café é \u{0} €"))
        // A surrogate pair is one scalar, in either case of hex digit.
        #expect(try read(#""\ud83d\ude00 \uD83D\uDE00""#) == .string("😀 😀"))
        // Escaped and raw text around each other, and raw UTF-8 of every length.
        #expect(try read(#""é\n€😀x""#) == .string("é\n€😀x"))
    }

    @Test func tellsIntegersFromOtherNumbers() throws {
        #expect(try read("9223372036854775807") == .integer(.max))
        #expect(try read("-9223372036854775808") == .integer(.min))
        #expect(try read("9223372036854775808") == .number(9_223_372_036_854_775_808))
        #expect(try read("-9223372036854775809") == .number(-0x1p63))  // -2^63 - 1 rounds to -2^63
        #expect(try read("1.0") == .number(1))
        #expect(try read("1e2") == .number(100))
        #expect(try read("0") == .integer(0))
        // -0 is an integer literal, so .integer(0), as JSONDecoder read it; -0.0 keeps its sign.
        #expect(try read("-0") == .integer(0))
        guard case .number(let negativeZero) = try read("-0.0") else { throw Failure("-0.0 is not a number") }
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        // Too small for a Double is zero; too large is an error (below).
        #expect(try read("1e-400") == .number(0))
    }

    @Test func roundsNumbersCorrectly() throws {
        #expect(try read("0.1") == .number(0.1))
        #expect(try read("-1.25E-3") == .number(-0.00125))
        #expect(try read("1.7976931348623157e308") == .number(.greatestFiniteMagnitude))
        #expect(try read("4.9406564584124654e-324") == .number(.leastNonzeroMagnitude))
        // Halfway between two doubles: ties to even.
        #expect(try read("9007199254740993.0") == .number(9_007_199_254_740_992))
        #expect(try read("2.2250738585072011e-308") == .number(Double("2.2250738585072011e-308")!))  // subnormal
    }

    @Test func nestsUpToTheLimit() throws {
        let limit = JSONReader.defaultMaximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try read(deepest) }
        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(throws: JSONReadError(.tooDeep(limit: limit), at: limit)) { try read(tooDeep) }
        // What a fuzzer sends: far deeper than the stack could take, unterminated.
        #expect(throws: JSONReadError(.tooDeep(limit: limit), at: limit)) { try read(String(repeating: "[", count: 100_000)) }
        #expect(throws: JSONReadError(.tooDeep(limit: 2), at: 6)) { try read(#"{"a":[{}]}"#, maximumDepth: 2) }
        #expect(try read(#"{"a":[]}"#, maximumDepth: 2) == .object(["a": .array([])]))
    }

    // MARK: Refused, and where

    struct Refusal: Sendable, CustomTestStringConvertible {
        let input: [UInt8]
        let error: JSONReadError

        init(_ text: String, _ problem: JSONReadError.Problem, at offset: Int) {
            self.init(bytes: Array(text.utf8), problem, at: offset)
        }

        init(bytes: [UInt8], _ problem: JSONReadError.Problem, at offset: Int) {
            input = bytes
            error = JSONReadError(problem, at: offset)
        }

        var testDescription: String { String(decoding: input, as: UTF8.self).debugDescription }
    }

    static let refusals: [Refusal] = [
        // Structure
        Refusal("", .unexpectedEnd(expected: "a value"), at: 0),
        Refusal("   ", .unexpectedEnd(expected: "a value"), at: 3),
        Refusal("[1,]", .expected("a value"), at: 3),
        Refusal(#"{"a":1,}"#, .expected("a string key"), at: 7),
        Refusal(#"{"a":1"#, .unexpectedEnd(expected: "',' or '}'"), at: 6),
        Refusal(#"{"a":1 "b":2}"#, .expected("',' or '}'"), at: 7),
        Refusal("[1 2]", .expected("',' or ']'"), at: 3),
        Refusal("{1:2}", .expected("a string key or '}'"), at: 1),
        Refusal("{'a':2}", .expected("a string key or '}'"), at: 1),
        Refusal(#"{"a" 1}"#, .expected("':'"), at: 5),
        Refusal("1 2", .expected("the end of the input"), at: 2),
        Refusal("[1]x", .expected("the end of the input"), at: 3),
        Refusal("// note\n1", .expected("a value"), at: 0),
        Refusal("[1 /* note */]", .expected("',' or ']'"), at: 3),
        Refusal("\u{FEFF}1", .expected("a value"), at: 0),
        Refusal("tru", .expected("a value"), at: 0),
        Refusal("[nul]", .expected("a value"), at: 1),
        Refusal("True", .expected("a value"), at: 0),
        Refusal("NaN", .expected("a value"), at: 0),
        Refusal("-Infinity", .expected("a digit"), at: 1),
        // Offsets count bytes, not characters: "é" is two.
        Refusal(#"["é",]"#, .expected("a value"), at: 6),
        Refusal(#"{"a":1,"a":2}"#, .duplicateKey("a"), at: 7),
        Refusal(#"{"x":{"é":1,"é":2}}"#, .duplicateKey("é"), at: 13),
        // Numbers
        Refusal("01", .leadingZero, at: 0),
        Refusal("[-00]", .leadingZero, at: 1),
        Refusal("+1", .expected("a value"), at: 0),
        Refusal(".5", .expected("a value"), at: 0),
        Refusal("-", .unexpectedEnd(expected: "a digit"), at: 1),
        Refusal("1.", .unexpectedEnd(expected: "a digit"), at: 2),
        Refusal("1.e5", .expected("a digit"), at: 2),
        Refusal("[1e]", .expected("a digit"), at: 3),
        Refusal("1e+", .unexpectedEnd(expected: "a digit"), at: 3),
        Refusal("0x10", .expected("the end of the input"), at: 1),
        Refusal("1e999", .numberOutOfRange, at: 0),
        Refusal(#"{"date":-1e999}"#, .numberOutOfRange, at: 8),
        Refusal("[123456789e400]", .numberOutOfRange, at: 1),
        // Strings
        Refusal(#""abc"#, .unexpectedEnd(expected: "'\"'"), at: 4),
        Refusal(#""a\nb"#, .unexpectedEnd(expected: "'\"'"), at: 5),
        Refusal("\"a\u{1}b\"", .controlCharacter, at: 2),
        Refusal("\"tab\there\"", .controlCharacter, at: 4),
        Refusal("\"\\n\nx\"", .controlCharacter, at: 3),
        Refusal(#""\x""#, .invalidEscape, at: 1),
        Refusal(#""ok\'""#, .invalidEscape, at: 3),
        Refusal(#""\u12""#, .invalidEscape, at: 1),
        Refusal(#""\u12G4""#, .invalidEscape, at: 1),
        Refusal(#""\ud800""#, .loneSurrogate, at: 1),
        Refusal(#""\ud800x""#, .loneSurrogate, at: 1),
        Refusal(#""\ud800\u0041""#, .loneSurrogate, at: 1),
        Refusal(#""\ud800\ud800""#, .loneSurrogate, at: 1),
        Refusal(#""a\udc00""#, .loneSurrogate, at: 2),
        Refusal(#""\ud83d\ude0""#, .invalidEscape, at: 7),
        // UTF-8: a stray continuation byte, an invalid byte, overlong, a surrogate, past U+10FFFF, cut short.
        Refusal(bytes: [0x22, 0x80, 0x22], .invalidUTF8, at: 1),
        Refusal(bytes: [0x22, 0x61, 0xFF, 0x22], .invalidUTF8, at: 2),
        Refusal(bytes: [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, at: 1),
        Refusal(bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8, at: 1),
        Refusal(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, at: 1),
        Refusal(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),
        Refusal(bytes: [0x22, 0xE2, 0x82, 0x22], .invalidUTF8, at: 1),
        Refusal(bytes: [0x22, 0xE2, 0x82], .invalidUTF8, at: 1),
        Refusal(bytes: [0x22, 0x5C, 0x6E, 0xC3, 0x28, 0x22], .invalidUTF8, at: 3),
        Refusal(bytes: [0xC3, 0xA9], .expected("a value"), at: 0),
    ]

    @Test(arguments: refusals)
    func refuses(_ refusal: Refusal) {
        #expect(readError(refusal.input) == refusal.error)
    }

    @Test func describesWhereAndWhat() throws {
        let payload = #"{"version":1,"entries":[{"date":1,"content":{}}] "policy":{}}"#
        let error = try #require(readError(Array(payload.utf8)))
        #expect(error.description == "expected ',' or '}' at byte 49")
        #expect(readError(Array("[1".utf8))?.description == "unexpected end of input at byte 2; expected ',' or ']'")
        #expect(readError(Array(#"{"a":1,"a":2}"#.utf8))?.description == #"a second member named "a" at byte 7"#)
    }

    // MARK: Agreement with Foundation

    static let documents = [
        #"{"version":1,"entries":[{"date":10.5,"relevance":{"score":0.75,"duration":3600},"content":{"title":"Caf\u00e9 \"Lumi\u00e8re\"","tags":["a","b"],"ok":true,"none":null,"ratio":-1.25e-3,"big":9223372036854775807,"nested":{"list":[1,[2,[3]]]}}},{"date":20,"relevance":null,"content":{}}],"policy":{"type":"after","date":1767229200}}"#,
        #"["", "\"\\\/\b\f\n\r\t", "\u0000\u001f\u007f\u00ff\u0100\uffff", "\ud800\udc00\udbff\udfff", "é€😀 raw", "e\u0301"]"#,
        #"[0, -0, 1, -1, 0.1, 1e-7, 6.02214076e23, 1.7976931348623157e308, 5e-324, -123456789012345678, 12345678901234567890, 3.141592653589793]"#,
        #"{"a":{"b":{"c":[[[[{"d":[]}]]]]}},"": {}, " spaced key ": [true, false, null]}"#,
        " \n\t[ 1 ,\r\n { \"k\" : \"v\" } ] \n",
    ]

    @Test(arguments: documents)
    func agreesWithJSONDecoder(_ document: String) throws {
        let ours = try read(document)
        let foundation = try JSONDecoder().decode(JSONValue.self, from: Data(document.utf8))
        // JSONDecoder reads 1.0 as an integer and JSONReader as a number; compare numbers as numbers.
        #expect(Self.numbersAsDoubles(ours) == Self.numbersAsDoubles(foundation))
        // And what Foundation writes from ours reads back the same.
        let rewritten = try JSONEncoder().encode(ours)
        #expect(Self.numbersAsDoubles(try JSONReader().read(Array(rewritten))) == Self.numbersAsDoubles(ours))
    }

    private static func numbersAsDoubles(_ value: JSONValue) -> JSONValue {
        switch value {
        case .integer(let integer): .number(Double(integer))
        case .array(let elements): .array(elements.map(numbersAsDoubles))
        case .object(let members): .object(members.mapValues(numbersAsDoubles))
        default: value
        }
    }

    @Test func readsABufferInPlace() throws {
        let bytes = Array(#"{"k":[1,"two"]}"#.utf8)
        let value = try bytes.withUnsafeBufferPointer { buffer throws(JSONReadError) in try JSONReader().read(buffer) }
        #expect(value == .object(["k": .array([.integer(1), .string("two")])]))
    }

    private struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
