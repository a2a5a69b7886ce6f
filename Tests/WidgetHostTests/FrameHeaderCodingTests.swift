import Foundation
import Testing
@testable import WidgetHostCore
@testable import WidgetIsolation
import WidgetPayload

/// The call and its result write and read their headers by hand (`FrameHeaderCoding`); the JSON
/// must be what `Codable` writes and reads, both ways, so that either side may use either.
@Suite("Frame headers by hand")
struct FrameHeaderCodingTests {
    static let calls: [HostMessage] = [
        .call(WorkerCallRequest(id: 1, call: .placeholder, kind: "A", context: CallContext(family: .systemSmall))),
        .call(WorkerCallRequest(id: UInt64(Int64.max) + 7, call: .timeline, kind: "Ünïcode \"kind\"", context: {
            var context = CallContext(
                family: .accessoryRectangular, isPreview: true, now: Date(timeIntervalSince1970: 1_767_225_600.25),
                configuration: ["emoji": .string("🦊"), "count": .integer(3), "on": .bool(false), "ratio": .number(0.5),
                                "nested": .object(["list": .array([.integer(1), .string("two")])])])
            context.displayWidth = 170.5
            context.displayHeight = 76
            return context
        }())),
    ]

    static let results: [WorkerMessage] = [
        .result(WorkerCallResult(id: 1, outcome: .completed, nanoseconds: 1)),
        .result(WorkerCallResult(id: 2, outcome: .payloadTooLarge(bytes: 5_000_000), nanoseconds: 2)),
        .result(WorkerCallResult(id: 3, outcome: .timedOut, nanoseconds: 3)),
        .result(WorkerCallResult(id: UInt64.max, outcome: .returnedWithoutCompleting, nanoseconds: .max)),
    ]

    /// `message` written by hand and read by `Codable`, and written by `Codable` and read by hand.
    private func agrees<Message: FrameHeaderCoding & Codable & Equatable>(_ message: Message) throws {
        let handWritten = try #require(message.handWrittenHeader)
        let handBytes = try JSONWriter.bytes(of: handWritten)
        #expect(try JSONValueDecoder.roundTrip.decode(Message.self, from: JSONReader().read(handBytes)) == message, "Codable reads what the hand wrote")
        let codableBytes = try JSONWriter.bytes(of: JSONValueEncoder.roundTrip.encode(message))
        #expect(try Message.readHandWritten(JSONReader().read(codableBytes)) == message, "the hand reads what Codable wrote")
        #expect(try Message.readHandWritten(JSONReader().read(handBytes)) == message)
    }

    @Test(arguments: calls) func callHeaderAgreesWithCodable(message: HostMessage) throws { try agrees(message) }

    @Test(arguments: results) func resultHeaderAgreesWithCodable(message: WorkerMessage) throws { try agrees(message) }

    @Test("Other messages are left to Codable")
    func otherMessagesAreLeftToCodable() throws {
        #expect(HostMessage.shutdown.handWrittenHeader == nil)
        #expect(WorkerMessage.reloadRequested(kinds: ["A"]).handWrittenHeader == nil)
        #expect(try HostMessage.readHandWritten(JSONValueEncoder.roundTrip.encode(HostMessage.shutdown)) == nil)
    }

    @Test("A call header with a missing or mistyped field is a typed protocol error naming the field",
          arguments: [("now", JSONValue.string("soon")), ("family", .string("systemHuge")), ("id", .integer(-1)), ("kind", .null)])
    func brokenFieldIsNamed(field: String, value: JSONValue) throws {
        guard case .call(let request) = Self.calls[0], case .object(var fields) = request.headerValue else { return }
        fields[field] = value
        let header = JSONValue.object(["call": .object(["_0": .object(fields)])])
        #expect(throws: WorkerProtocolError.malformedHeader(detail: "call: field '\(field)' is missing or not valid")) {
            try HostMessage.readHandWritten(header)
        }
    }
}
