import Foundation
import Testing
import WidgetPayload

// JSONWriter against Foundation: what it writes, JSONDecoder reads back as the value written, and
// as the document JSONEncoder wrote; a number's bytes are the very bytes JSONEncoder wrote.

@Suite struct JSONWriterTests {
    private static let content: JSONValue = .object([
        "text": .string("ß😀 \"quoted\" back\\slash /slash \u{7f}\u{2028}"),
        "controls": .string(String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })),
        "numbers": .array([.integer(0), .integer(.min), .integer(.max), .number(0.1), .number(1e21), .number(-2.5e-7), .number(.leastNonzeroMagnitude)]),
        "nested": .object(["empty": .object([:]), "list": .array([]), "null": .null, "yes": .bool(true), "no": .bool(false)]),
    ])

    private static let replies: [ProviderReply] = [
        .entry(EntryPayload(date: 1_767_225_600, relevance: nil, content: content)),
        .entry(EntryPayload(date: 1_767_225_600.5, relevance: RelevancePayload(score: 0.42, duration: 120), content: .object([:]))),
        .timeline([
            EntryPayload(date: 10, relevance: nil, content: .object(["count": .integer(1)])),
            EntryPayload(date: -20.25, relevance: RelevancePayload(score: 1, duration: 0), content: content),
        ], policy: .after(1_767_225_660)),
        .timeline([EntryPayload(date: 0, relevance: nil, content: .object([:]))], policy: .atEnd),
        .timeline([], policy: .never),
        .failure("could not encode \"Entry\": \n bad"),
        ProviderReply(version: 7),
    ]

    @Test(arguments: replies)
    func aReplyReadsBackAsTheReplyWritten(_ reply: ProviderReply) throws {
        let bytes = try JSONWriter.bytes(of: reply)
        #expect(try JSONDecoder().decode(ProviderReply.self, from: Data(bytes)) == reply)
    }

    @Test(arguments: replies)
    func theDocumentIsTheOneJSONEncoderWrote(_ reply: ProviderReply) throws {
        // JSONEncoder's member order is not fixed, so compare the documents as trees: the same
        // members, and every number read back as the same integer or Double.
        let written = try JSONDecoder().decode(JSONValue.self, from: Data(try JSONWriter.bytes(of: reply)))
        #expect(written == (try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(reply))))
    }

    @Test("prettyBytes writes the bytes JSONEncoder writes with .prettyPrinted, .sortedKeys and .withoutEscapingSlashes")
    func prettyBytesAreJSONEncodersPrettyPrinting() throws {
        let value: JSONValue = .object([
            "content": Self.content, "top": .array([.integer(1), .array([]), .object([:]), .array([.string("a/b"), .null])]),
            "a": .number(2.5), "empty": .object([:]),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try JSONWriter.prettyBytes(of: value), as: UTF8.self) == String(decoding: try encoder.encode(value), as: UTF8.self))
        #expect(try JSONWriter.prettyBytes(of: .array([])) == Array(try encoder.encode(JSONValue.array([]))))
        #expect(try JSONWriter.prettyBytes(of: .string("x")) == Array(try encoder.encode(JSONValue.string("x"))))
    }

    @Test func membersComeInTheOrderPayloadHListsThem() throws {
        let reply = ProviderReply.timeline(
            [EntryPayload(date: 1.5, relevance: RelevancePayload(score: 0.75, duration: 120), content: .object([:]))],
            policy: .after(1_767_225_660))
        #expect(String(decoding: try JSONWriter.bytes(of: reply), as: UTF8.self) == """
            {"version":1,"entries":[{"date":1.5,"relevance":{"score":0.75,"duration":120},"content":{}}],\
            "policy":{"type":"after","date":1767225660}}
            """)
        #expect(String(decoding: try JSONWriter.bytes(of: .failure("offline")), as: UTF8.self) == #"{"version":1,"error":{"message":"offline"}}"#)
    }

    @Test func relevanceIsNullNotMissing() throws {
        let bytes = try JSONWriter.bytes(of: .entry(EntryPayload(date: 5, relevance: nil, content: .object(["count": .integer(3)]))))
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"version":1,"entry":{"date":5,"relevance":null,"content":{"count":3}}}"#)
    }

    @Test func objectMembersComeInSortedKeyOrder() throws {
        let value: JSONValue = .object(["b": .integer(2), "a": .object(["z": .null, "y": .bool(true)]), "c": .integer(3)])
        #expect(String(decoding: try JSONWriter.bytes(of: value), as: UTF8.self) == #"{"a":{"y":true,"z":null},"b":2,"c":3}"#)
    }

    @Test func controlCharactersUseTheShortFormsWhereThereAreSome() throws {
        let bytes = try JSONWriter.bytes(of: .string("\u{8}\u{c}\n\r\t\u{0}\u{1f}\"\\/"))
        #expect(String(decoding: bytes, as: UTF8.self) == #""\b\f\n\r\t\u0000\u001f\"\\/""#)
    }

    @Test(arguments: [
        0.0, -0.0, 1, -1, 0.1, 1.0 / 3, 1e15, 1e15 + 0.5, 1e16, 1e21, 1e-7, .leastNonzeroMagnitude, 1_767_225_600, 0x1p63, 0x1p64,
        .pi, .greatestFiniteMagnitude, -.leastNormalMagnitude,
    ])
    func doublesAreWrittenAsJSONEncoderWritesThemAndReadBackTheSame(_ number: Double) throws {
        let bytes = try JSONWriter.bytes(of: .number(number))
        #expect(bytes == Array(try JSONEncoder().encode(number)))
        let read = try JSONDecoder().decode(Double.self, from: Data(bytes))
        #expect(read.bitPattern == number.bitPattern)
    }

    @Test func randomDoublesReadBackTheSame() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let number = Double(bitPattern: generator.next())
            guard number.isFinite else { continue }
            let bytes = try JSONWriter.bytes(of: .number(number))
            #expect(bytes == Array(try JSONEncoder().encode(number)))
        }
    }

    @Test func integersAreDecimal() throws {
        for integer: Int64 in [0, 7, -7, 1_000_000, .max, .min] {
            #expect(String(decoding: try JSONWriter.bytes(of: .integer(integer)), as: UTF8.self) == String(integer))
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbersCannotBeWritten(_ number: Double) {
        #expect(throws: JSONWriter.NonFiniteNumber.self) { try JSONWriter.bytes(of: .array([.number(number)])) }
        let reply = ProviderReply.entry(EntryPayload(date: number, relevance: nil, content: .object([:])))
        #expect(throws: JSONWriter.NonFiniteNumber.self) { try JSONWriter.bytes(of: reply) }
        #expect(throws: JSONWriter.NonFiniteNumber.self) { try JSONWriter.bytes(of: .timeline([], policy: .after(number))) }
    }
}
