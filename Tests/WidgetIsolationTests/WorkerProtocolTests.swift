import Foundation
import Testing
@testable import WidgetHostCore
@testable import WidgetIsolation
import WidgetPayload

@Suite("Worker protocol")
struct WorkerProtocolTests {
    private func decodeAll(_ bytes: [UInt8], chunk: Int, decoder: inout FrameCodec.Decoder) throws -> [Frame] {
        var frames: [Frame] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunk, bytes.count)
            decoder.append(bytes[offset..<end])
            offset = end
            while let frame = try decoder.next() { frames.append(frame) }
        }
        return frames
    }

    /// A frame's bytes written by hand: frame length, header length, then `rest`.
    private func rawFrame(frameLength: UInt32, headerLength: UInt32, rest: [UInt8] = []) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: frameLength.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: headerLength.littleEndian) { bytes += $0 }
        return bytes + rest
    }

    @Test func headerAndBodyRoundTrip() throws {
        let body: [UInt8] = Array("{\"version\":1}".utf8) + [0, 255, 10]
        let bytes = try FrameCodec.encode(HostMessage.shutdown, body: body)
        var decoder = FrameCodec.Decoder()
        decoder.append(bytes)
        let frame = try #require(try decoder.next())
        #expect(frame.body == body)
        #expect(try frame.message(as: HostMessage.self) == .shutdown)
        #expect(try decoder.next() == nil)
        #expect(decoder.pendingBytes == 0)
        // Frame length, header length, header, body: nothing else.
        #expect(bytes.count == 8 + frame.header.count + body.count)
        #expect(FrameCodec.readUInt32(bytes, at: 0) == UInt32(4 + frame.header.count + body.count))
    }

    @Test func emptyBodyRoundTrips() throws {
        let message = WorkerMessage.reloadRequested(kinds: ["A"])
        var decoder = FrameCodec.Decoder()
        decoder.append(try FrameCodec.encode(message))
        let frame = try #require(try decoder.next())
        #expect(frame.body.isEmpty)
        #expect(try frame.message(as: WorkerMessage.self) == message)
    }

    @Test(arguments: [1, 2, 3, 7, 8, 9, 1_000, 65_536, Int.max])
    func framesSplitAcrossChunks(chunk: Int) throws {
        let big = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let messages: [(WorkerMessage, [UInt8])] = [
            (.hello(protocolVersion: 1, pid: 42, sandbox: nil), []),
            (.result(WorkerCallResult(id: 1, outcome: .completed, nanoseconds: 5)), big),
            (.log(level: .warning, message: "ünïcödé \u{1F600}"), []),
            (.result(WorkerCallResult(id: 2, outcome: .completed, nanoseconds: 6)), [7]),
        ]
        let stream = try messages.flatMap { try FrameCodec.encode($0.0, body: $0.1) }
        var decoder = FrameCodec.Decoder()
        let frames = try decodeAll(stream, chunk: chunk, decoder: &decoder)
        #expect(frames.count == messages.count)
        for (frame, (message, body)) in zip(frames, messages) {
            #expect(try frame.message(as: WorkerMessage.self) == message)
            #expect(frame.body == body)
        }
        #expect(decoder.pendingBytes == 0)
    }

    @Test func partialFrameWaitsForTheRest() throws {
        let bytes = try FrameCodec.encode(HostMessage.shutdown, body: [1, 2, 3])
        var decoder = FrameCodec.Decoder()
        decoder.append(bytes.dropLast())
        #expect(try decoder.next() == nil)
        #expect(decoder.pendingBytes == bytes.count - 1)
        decoder.append(bytes.suffix(1))
        #expect(try decoder.next()?.body == [1, 2, 3])
    }

    @Test func oversizedFrameIsRefusedFromItsLengthAlone() throws {
        // Only the four length bytes have arrived: the decoder refuses before waiting for (or
        // allocating) the 4 GiB it announces.
        var decoder = FrameCodec.Decoder()
        decoder.append(rawFrame(frameLength: .max, headerLength: 0).prefix(4))
        #expect(throws: WorkerProtocolError.frameTooLarge(bytes: Int(UInt32.max), limit: WorkerProtocol.maximumFrameBytes)) {
            try decoder.next()
        }

        var small = FrameCodec.Decoder(maximumFrameBytes: 100)
        small.append(rawFrame(frameLength: 101, headerLength: 2))
        #expect(throws: WorkerProtocolError.frameTooLarge(bytes: 101, limit: 100)) { try small.next() }
        var exact = FrameCodec.Decoder(maximumFrameBytes: 100)
        exact.append(rawFrame(frameLength: 100, headerLength: 2, rest: Array(repeating: 0x20, count: 96)))
        #expect(try exact.next()?.body.count == 94)
    }

    @Test func headerLongerThanItsFrameIsRefused() {
        var decoder = FrameCodec.Decoder()
        decoder.append(rawFrame(frameLength: 10, headerLength: 20, rest: Array(repeating: 0, count: 6)))
        #expect(throws: WorkerProtocolError.headerOutOfBounds(headerBytes: 20, frameBytes: 10)) { try decoder.next() }

        // Too short to hold even the header length.
        var tiny = FrameCodec.Decoder()
        tiny.append([2, 0, 0, 0, 0, 0])
        #expect(throws: WorkerProtocolError.headerOutOfBounds(headerBytes: 0, frameBytes: 2)) { try tiny.next() }
    }

    @Test(arguments: ["not json", "{\"nope\":{}}", "", "{\"call\":{\"_0\":{\"id\":1}}}"])
    func malformedHeaderIsTyped(header: String) throws {
        let headerBytes = Array(header.utf8)
        var decoder = FrameCodec.Decoder()
        decoder.append(rawFrame(frameLength: UInt32(4 + headerBytes.count), headerLength: UInt32(headerBytes.count), rest: headerBytes))
        let frame = try #require(try decoder.next())
        let error = #expect(throws: WorkerProtocolError.self) { try frame.message(as: HostMessage.self) }
        guard case .malformedHeader = error else {
            Issue.record("expected malformedHeader, got \(String(describing: error))")
            return
        }
    }

    static let hostMessages: [HostMessage] = [
        .shutdown,
        .call(WorkerCallRequest(id: 1, call: .placeholder, kind: "A", context: CallContext(family: .systemSmall))),
        .call(WorkerCallRequest(
            id: .max, call: .timeline, kind: "Wide ✓",
            context: {
                var context = CallContext(family: .systemLarge, isPreview: true, now: Date(timeIntervalSince1970: 1_767_225_600.25))
                context.displayWidth = 12.5
                return context
            }())),
        .call(WorkerCallRequest(
            id: 2, call: .timeline, kind: "Configurable",
            context: CallContext(family: .systemSmall, configuration: [
                "spot": .string("lake"), "days": .integer(5), "ratio": .number(0.5), "on": .bool(true),
                "when": .number(1_767_225_600.25),
            ]))),
        .entityOptions(WorkerEntityOptionsRequest(id: 3, kind: "Configurable", parameter: "spot ✓")),
        .perform(WorkerPerformRequest(id: 4, kind: "CounterWidget", intent: "IncrementCountIntent", parameters: [:])),
        .perform(WorkerPerformRequest(
            id: 5, kind: "IntentsProbe", intent: "Succeed ✓", parameters: ["amount": .integer(3), "mode": .string("slow")])),
        .entityQuery(WorkerEntityQueryRequest(
            id: 6, kind: "Configurable", query: EntityQueryRequest(parameter: "spot", .matching("Cove \"✓\"")))),
        .entityQuery(WorkerEntityQueryRequest(
            id: 7, kind: "Configurable", query: EntityQueryRequest(parameter: "spot", .identifiers(["lake", "", "x"])))),
    ]

    @Test(arguments: hostMessages)
    func hostMessageRoundTrips(message: HostMessage) throws {
        var decoder = FrameCodec.Decoder()
        decoder.append(try FrameCodec.encode(message))
        #expect(try decoder.next()?.message(as: HostMessage.self) == message)
    }

    @Test func callRequestCarriesItsContext() {
        var context = CallContext(family: .systemMedium, isPreview: true, now: Date(timeIntervalSince1970: 1_000.5))
        context.displayHeight = 99
        let request = WorkerCallRequest(id: 3, call: .snapshot, kind: "K", context: context)
        #expect(request.context == context)
    }

    @Test func callRequestCarriesTheConfiguration() throws {
        let context = CallContext(family: .systemSmall, configuration: ["spot": .string("lake"), "days": .integer(5)])
        let request = WorkerCallRequest(id: 4, call: .timeline, kind: "K", context: context)
        #expect(request.context.configuration == context.configuration)
        var decoder = FrameCodec.Decoder()
        decoder.append(try FrameCodec.encode(HostMessage.call(request)))
        guard case .call(let received)? = try decoder.next()?.message(as: HostMessage.self) else {
            Issue.record("the call did not come back as a call")
            return
        }
        #expect(received.context.configuration == context.configuration)
    }

    static let workerMessages: [WorkerMessage] = [
        .hello(protocolVersion: WorkerProtocol.version, pid: 1234, sandbox: nil),
        .scanned(WorkerScanReport(
            status: .loaded,
            bundle: ScannedBundle(
                name: "B", version: "1.2.3", abiVersion: ABIVersion(major: 1, minor: 1, patch: 0),
                appGroups: ["group.example.b"],
                widgets: [ScannedWidget(kind: "K", displayName: "Kay", description: "d", families: [.systemSmall, .accessoryInline])]),
            error: nil)),
        .scanned(WorkerScanReport(status: .skipped, bundle: nil, error: nil)),
        .scanned(WorkerScanReport(status: .failed, bundle: nil, error: .missingEntrySymbol(path: "/x.so"))),
        .scanned(WorkerScanReport(
            status: .failed, bundle: nil,
            error: .incompatibleABI(path: "/y.so", bundle: ABIVersion(major: 2, minor: 0, patch: 0), host: .host))),
        .result(WorkerCallResult(id: 1, outcome: .completed, nanoseconds: 1)),
        .result(WorkerCallResult(id: 2, outcome: .payloadTooLarge(bytes: 5_000_000), nanoseconds: 2)),
        .result(WorkerCallResult(id: 3, outcome: .timedOut, nanoseconds: 3)),
        .result(WorkerCallResult(id: 4, outcome: .returnedWithoutCompleting, nanoseconds: .max)),
        .log(level: .debug, message: ""),
        .log(level: .error, message: "line\nbreak \"quoted\""),
        .reloadRequested(kinds: []),
        .reloadRequested(kinds: ["A", "B"]),
        .violation(kind: "K", family: .systemMedium, violation: CompletionViolation(token: 9, call: .timeline, after: .completed)),
        .violation(kind: "K", family: .systemSmall, violation: CompletionViolation(token: 10, call: .snapshot, after: .timedOut)),
        .violation(kind: "K", family: .systemSmall, violation: CompletionViolation(token: 11, call: .placeholder, after: .returnedWithoutCompleting)),
        .intentViolation(IntentCompletionViolation(kind: "K", intent: "Twice", token: 12, after: .completed)),
        .intentViolation(IntentCompletionViolation(kind: "K", intent: "Hang", token: 13, after: .timedOut)),
    ]

    @Test(arguments: workerMessages)
    func workerMessageRoundTrips(message: WorkerMessage) throws {
        var decoder = FrameCodec.Decoder()
        decoder.append(try FrameCodec.encode(message, body: [1, 2]))
        let frame = try #require(try decoder.next())
        #expect(try frame.message(as: WorkerMessage.self) == message)
        #expect(frame.body == [1, 2])
    }

    /// A `.violation` keeps what it is measured against: a second completion stays one.
    @Test func violationKeepsItsKind() throws {
        let message = WorkerMessage.violation(
            kind: "K", family: .systemSmall, violation: CompletionViolation(token: 1, call: .timeline, after: .completed))
        let decoded = try JSONDecoder().decode(WorkerMessage.self, from: JSONEncoder().encode(message))
        guard case .violation(_, _, let violation) = decoded else {
            Issue.record("decoded \(decoded)")
            return
        }
        #expect(violation.isSecondCompletion)
    }

    @Test("Reads that always end partway into the next frame do not grow the decoder's buffer")
    func consumedBytesAreReleasedMidFrame() throws {
        let frame = try FrameCodec.encode(WorkerMessage.log(level: .info, message: "x"), body: [UInt8](repeating: 7, count: 64 * 1024))
        var decoder = FrameCodec.Decoder()
        var stream = frame
        var largest = 0
        // Each append is the rest of one frame plus the first byte of the next.
        decoder.append(stream.prefix(1))
        stream.removeFirst()
        for _ in 0..<200 {
            decoder.append(stream + frame.prefix(1))
            stream = Array(frame.dropFirst())
            while try decoder.next() != nil {}
            largest = max(largest, decoder.bufferedBytes)
        }
        #expect(decoder.pendingBytes == 1)
        // One frame and one read at most, not the 13 MB of everything appended.
        #expect(largest <= 2 * frame.count)
    }
}
