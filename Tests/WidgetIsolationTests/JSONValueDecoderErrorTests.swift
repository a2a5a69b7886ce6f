import Foundation
import Testing
@testable import WidgetHostCore
@testable import WidgetIsolation
import WidgetPayload

/// JSONValueDecoder's errors against JSONDecoder's for the same bad documents: the same
/// DecodingError case, for the same type or key, at the same coding path.
@Suite struct JSONValueDecoderErrorTests {
    /// Reads two integers from an array, so a short array runs out.
    private struct Pair: Decodable, Equatable {
        let first: Int
        let second: Int

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            first = try container.decode(Int.self)
            second = try container.decode(Int.self)
        }
    }

    /// An error in a form both decoders can be compared in: its case, what it is about, and the
    /// coding path as the keys' strings.
    private static func summary(of error: any Error) -> String {
        func at(_ context: DecodingError.Context) -> String {
            "at [" + context.codingPath.map(\.stringValue).joined(separator: "/") + "]"
        }
        switch error {
        case DecodingError.typeMismatch(let type, let context): return "typeMismatch(\(type)) \(at(context))"
        case DecodingError.valueNotFound(let type, let context): return "valueNotFound(\(type)) \(at(context))"
        case DecodingError.keyNotFound(let key, let context): return "keyNotFound(\(key.stringValue)) \(at(context))"
        case DecodingError.dataCorrupted(let context): return "dataCorrupted \(at(context))"
        default: return "not a DecodingError: \(error)"
        }
    }

    /// `jsonDecoderGives`: where JSONDecoder says something else (less).
    private func expectError<T: Decodable>(
        _ type: T.Type, _ json: String, _ expected: String, jsonDecoderGives: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            let value = try HostJSON.decode(T.self, from: Array(json.utf8))
            Issue.record("decoded \(value)", sourceLocation: sourceLocation)
        } catch {
            #expect(Self.summary(of: error) == expected, "JSONValueDecoder", sourceLocation: sourceLocation)
        }
        do {
            _ = try JSONDecoder().decode(T.self, from: Data(json.utf8))
            Issue.record("JSONDecoder decoded it", sourceLocation: sourceLocation)
        } catch {
            #expect(Self.summary(of: error) == jsonDecoderGives ?? expected, "JSONDecoder", sourceLocation: sourceLocation)
        }
    }

    private static let call = #""id":1,"call":"timeline","kind":"K","family":"systemSmall","displayWidth":1,"displayHeight":2,"isPreview":false,"now":0"#

    @Test func typeMismatchesNameTheTypeAndThePath() {
        expectError(WorkerMessage.self, #"{"log":{"level":1,"message":5}}"#, "typeMismatch(String) at [log/message]")
        expectError(HostMessage.self, #"{"call":{"_0":{\#(Self.call.replacingOccurrences(of: #""systemSmall""#, with: "3"))}}}"#,
                    "typeMismatch(String) at [call/_0/family]")
        expectError(WorkerCallResult.self, "[]", "typeMismatch(Dictionary<String, Any>) at []")
        expectError(WorkerMessage.self, #"{"reloadRequested":{"kinds":{}}}"#, "typeMismatch(Array<Any>) at [reloadRequested/kinds]")
        expectError([UInt64].self, #"["12"]"#, "typeMismatch(UInt64) at [Index 0]")
        expectError([String: Bool].self, #"{"a":true,"b":1}"#, "typeMismatch(Bool) at [b]")
    }

    @Test func anEnumNeedsExactlyOneKnownCase() {
        expectError(HostMessage.self, #"{"nope":{}}"#, "typeMismatch(HostMessage) at []")
        expectError(HostMessage.self, #"{"shutdown":{},"call":{}}"#, "typeMismatch(HostMessage) at []")
        expectError(WorkerCallResult.Outcome.self, #"{"payloadTooLarge":{}}"#, "keyNotFound(bytes) at [payloadTooLarge]")
    }

    @Test func missingKeysNameTheKeyAndTheContainersPath() {
        expectError(HostMessage.self, #"{"call":{"_0":{\#(Self.call.replacingOccurrences(of: #""kind":"K","#, with: ""))}}}"#,
                    "keyNotFound(kind) at [call/_0]")
        expectError(WorkerCallResult.self, #"{"id":1,"outcome":{"completed":{}}}"#, "keyNotFound(nanoseconds) at []")
    }

    @Test func nullWhereAValueMustBe() {
        expectError(WorkerCallResult.self, #"{"id":null,"outcome":{"completed":{}},"nanoseconds":1}"#, "valueNotFound(UInt64) at [id]")
        let widgets = #"[{"kind":"K","displayName":"","description":"","families":["systemSmall"]},{"kind":"K","displayName":"","description":"","families":[null]}]"#
        expectError([ScannedWidget].self, widgets, "valueNotFound(String) at [Index 1/families/Index 0]")
        expectError(Pair.self, "[1]", "valueNotFound(Int) at [Index 1]")
        expectError(WorkerMessage.self, #"{"reloadRequested":{"kinds":null}}"#, "valueNotFound(Array<Any>) at [reloadRequested/kinds]")
        expectError([WorkerCallResult].self, "[null]", "valueNotFound(Dictionary<String, Any>) at [Index 0]")
    }

    @Test func numbersOutOfRangeAndBadTextAreCorrupted() {
        // JSONDecoder leaves the path of a number that does not fit empty; this one says where.
        let emptyPath = "dataCorrupted at []"
        expectError([String: UInt8].self, #"{"a":300}"#, "dataCorrupted at [a]", jsonDecoderGives: emptyPath)
        expectError([Int8].self, "[-129]", "dataCorrupted at [Index 0]", jsonDecoderGives: emptyPath)
        expectError(WorkerCallResult.self, #"{"id":1,"outcome":{"completed":{}},"nanoseconds":1.5}"#, "dataCorrupted at [nanoseconds]",
                    jsonDecoderGives: emptyPath)
        expectError([Float].self, "[1e300]", "dataCorrupted at [Index 0]", jsonDecoderGives: emptyPath)
        expectError(ScannedWidget.self, #"{"kind":"K","displayName":"","description":"","families":["huge"]}"#,
                    "dataCorrupted at [families/Index 0]")
        expectError([Data].self, #"["not base64!"]"#, "dataCorrupted at [Index 0]")
    }

    @Test func theErrorsKeepJSONDecodersWords() throws {
        let error = try #require(throws: DecodingError.self) {
            try HostJSON.decode(WorkerCallResult.self, from: Array(#"{"id":1,"outcome":{"completed":{}}}"#.utf8))
        }
        guard case .keyNotFound(_, let context) = error else { return }
        #expect(context.debugDescription == #"No value associated with key CodingKeys(stringValue: "nanoseconds", intValue: nil) ("nanoseconds")."#)
        let null = try #require(throws: DecodingError.self) { try JSONValueDecoder.roundTrip.decode(WorkerCallResult.self, from: .null) }
        guard case .valueNotFound(_, let nullContext) = null else { return }
        #expect(nullContext.debugDescription == "Cannot get keyed decoding container -- found null value instead")
    }

    @Test func aWideIntegerStringMustBeOutsideInt64() throws {
        // Only the spelling the encoder writes: digits, and too wide for `.integer`.
        expectError([UInt64].self, #"["18446744073709551616"]"#, "typeMismatch(UInt64) at [Index 0]")
        #expect(throws: DecodingError.self) { try JSONValueDecoder.roundTrip.decode(UInt64.self, from: .string("+9223372036854775808")) }
        #expect(try JSONValueDecoder.roundTrip.decode(UInt64.self, from: .string("9223372036854775808")) == 1 << 63)
        #expect(try JSONValueDecoder.roundTrip.decode(Int128.self, from: .string("-9223372036854775809")) == Int128(Int64.min) - 1)
    }
}
