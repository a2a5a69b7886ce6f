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

    /// The header of `message` as the hand writes it, and as `Codable` (through `JSONWriter`) does.
    private func headers<Message: FrameHeaderCoding & Codable>(_ message: Message) throws -> (hand: [UInt8], codable: [UInt8]) {
        var writer = JSONWriter()
        #expect(try message.writeHandWrittenHeader(to: &writer))
        return (writer.bytes, try JSONWriter.bytes(of: JSONValueEncoder.roundTrip.encode(message)))
    }

    /// `message` written by hand is what `Codable` writes, byte for byte, and reads back to it
    /// every way: by `Codable`, and by hand from a `JSONValue` and from the bytes.
    private func agrees<Message: FrameHeaderCoding & Codable & Equatable>(_ message: Message) throws {
        let (hand, codable) = try headers(message)
        #expect(String(decoding: hand, as: UTF8.self) == String(decoding: codable, as: UTF8.self))
        #expect(try JSONValueDecoder.roundTrip.decode(Message.self, from: JSONReader().read(hand)) == message, "Codable reads what the hand wrote")
        #expect(try Message.readHandWritten(JSONReader().read(hand)) == message)
        #expect(try Frame(header: hand, body: []).message(as: Message.self) == message)
    }

    @Test(arguments: calls) func callHeaderAgreesWithCodable(message: HostMessage) throws { try agrees(message) }

    @Test(arguments: results) func resultHeaderAgreesWithCodable(message: WorkerMessage) throws { try agrees(message) }

    @Test("The exact reader reads a call without configuration and a completed result; the rest is left to the general reader")
    func exactReaderCoversTheCommonCases() throws {
        #expect(HostMessage.readExactly(try headers(Self.calls[0]).hand) == Self.calls[0])
        #expect(HostMessage.readExactly(try headers(Self.calls[1]).hand) == nil, "a configuration, and an escaped kind")
        #expect(WorkerMessage.readExactly(try headers(Self.results[0]).hand) == Self.results[0])
        for result in Self.results.dropFirst() { #expect(WorkerMessage.readExactly(try headers(result).hand) == nil) }
        // The same call spelled another valid way: with a space, a key out of order.
        let spaced = Array(String(decoding: try headers(Self.calls[0]).hand, as: UTF8.self).replacingOccurrences(of: ",", with: ", ").utf8)
        #expect(HostMessage.readExactly(spaced) == nil)
        #expect(try Frame(header: spaced, body: []).message(as: HostMessage.self) == Self.calls[0])
    }

    /// Headers near the hand-written ones: every byte changed, dropped or doubled, one at a time.
    private func neighbours(of header: [UInt8]) -> [[UInt8]] {
        var near: [[UInt8]] = []
        for index in header.indices {
            for replacement: UInt8 in [UInt8(ascii: "0"), UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"),
                                       UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: " "), 0x01, 0xC3] {
                var changed = header
                changed[index] = replacement
                near.append(changed)
            }
            var dropped = header
            dropped.remove(at: index)
            near.append(dropped)
            var doubled = header
            doubled.insert(header[index], at: index)
            near.append(doubled)
        }
        return near
    }

    @Test("Whatever the exact reader accepts, the general reader reads the same; what it refuses, the general reader decides")
    func exactReaderNeverDisagrees() throws {
        let exact: [(HostMessage?, WorkerMessage?)] = [
            (Self.calls[0], nil),
            (.call(WorkerCallRequest(id: 12_345, call: .snapshot, kind: "Weather", context: {
                var context = CallContext(family: .systemLarge, now: Date(timeIntervalSince1970: 1_767_225_600.125))
                context.displayWidth = 364.5
                context.displayHeight = 1e-3
                return context
            }())), nil),
            (nil, Self.results[0]),
            (nil, .result(WorkerCallResult(id: 90_000, outcome: .completed, nanoseconds: -42))),
        ]
        var acceptedChanges = 0
        for (call, result) in exact {
            let header = try call.map { try headers($0).hand } ?? headers(result!).hand
            for near in neighbours(of: header) {
                let general = Frame(header: near, body: [])
                if let read = HostMessage.readExactly(near) {
                    acceptedChanges += 1
                    #expect(try general.message(as: HostMessage.self) == read, "\(String(decoding: near, as: UTF8.self))")
                }
                if let read = WorkerMessage.readExactly(near) {
                    acceptedChanges += 1
                    #expect(try general.message(as: WorkerMessage.self) == read, "\(String(decoding: near, as: UTF8.self))")
                }
            }
        }
        // Digits changed in numbers and letters in strings are still exact headers: the test reached them.
        #expect(acceptedChanges > 100)
    }

    @Test("Other messages are left to Codable")
    func otherMessagesAreLeftToCodable() throws {
        var writer = JSONWriter()
        #expect(try !HostMessage.shutdown.writeHandWrittenHeader(to: &writer))
        #expect(try !WorkerMessage.reloadRequested(kinds: ["A"]).writeHandWrittenHeader(to: &writer))
        #expect(writer.bytes.isEmpty)
        #expect(try HostMessage.readHandWritten(JSONValueEncoder.roundTrip.encode(HostMessage.shutdown)) == nil)
        let shutdown = try JSONWriter.bytes(of: JSONValueEncoder.roundTrip.encode(HostMessage.shutdown))
        #expect(HostMessage.readExactly(shutdown) == nil)
    }

    @Test("A call header with a missing or mistyped field is a typed protocol error naming the field",
          arguments: [("now", JSONValue.string("soon")), ("family", .string("systemHuge")), ("id", .integer(-1)), ("kind", .null)])
    func brokenFieldIsNamed(field: String, value: JSONValue) throws {
        let header = try JSONReader().read(try headers(Self.calls[0]).hand)
        guard let payload = HeaderFields.enumPayload(header, case: "call"), case .object(var fields) = payload else {
            Issue.record("the hand-written call header is not {\"call\":{\"_0\":{…}}}")
            return
        }
        fields[field] = value
        let broken = JSONValue.object(["call": .object(["_0": .object(fields)])])
        #expect(throws: WorkerProtocolError.malformedHeader(detail: "call: field '\(field)' is missing or not valid")) {
            try HostMessage.readHandWritten(broken)
        }
        #expect(HostMessage.readExactly(try JSONWriter.bytes(of: broken)) == nil)
    }
}
