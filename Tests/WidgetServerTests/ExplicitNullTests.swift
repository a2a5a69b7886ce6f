import Foundation
import Testing
import WidgetHostJSON
import WidgetPayload

/// `@ExplicitNull` (WidgetHostJSON): a nil member written as `null`, where synthesized coding
/// leaves a nil optional out; with both encoders the JSON goes through: `JSONEncoder` (the
/// server's responses and events) and `JSONValueEncoder` (what the CLI prints).
@Suite struct ExplicitNullTests {
    private struct Row: Encodable {
        @ExplicitNull var required: String?
        @ExplicitNull var nested: [String: Int]?
        var optional: String?
    }

    private static func serverJSON(_ row: Row) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(row), as: UTF8.self)
    }

    private static func cliJSON(_ row: Row) throws -> String {
        String(decoding: try JSONWriter.bytes(of: JSONValueEncoder.roundTrip.encode(row)), as: UTF8.self)
    }

    @Test func aNilIsNullAndAValueIsItself() throws {
        let empty = Row(required: nil, nested: nil, optional: nil)
        #expect(try Self.serverJSON(empty) == #"{"nested":null,"required":null}"#)
        #expect(try Self.cliJSON(empty) == #"{"nested":null,"required":null}"#)
        let full = Row(required: "a", nested: ["n": 1], optional: "b")
        #expect(try Self.serverJSON(full) == #"{"nested":{"n":1},"optional":"b","required":"a"}"#)
        #expect(try Self.cliJSON(full) == #"{"nested":{"n":1},"optional":"b","required":"a"}"#)
    }
}
