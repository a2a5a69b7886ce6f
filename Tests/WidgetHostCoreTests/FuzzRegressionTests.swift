import Foundation
import Testing
import TestSupport
import WidgetPayload
@testable import WidgetHostCore
@testable import WidgetIsolation

/// The inputs the fuzzers (Fuzz/) found trouble with, kept under Tests/Fixtures/FuzzRegressions/
/// (`payload/` for ReplyDecoder, `frames/` for FrameCodec and the worker messages), and the
/// fuzzers' seed corpus (Fuzz/Corpus/), fed to the same decoders the same way the harnesses do.
/// Each must come back as a value that keeps the decoder's promises or as a typed error, never a
/// crash; the seeds must moreover decode to what they were written to be.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    // MARK: Every input, regression or seed

    @Test("A payload input decodes, or throws a ProviderCallError", arguments: FuzzRegressionInputs.files(for: "payload"))
    func payloadInputIsHandled(_ file: FuzzRegressionInputs.File) throws {
        let outcome = FuzzPayloadOutcome(try file.bytes())
        if case .success(let timeline) = outcome.timeline { FuzzPayloadOutcome.expectValid(timeline, file: file) }
        if case .success(let entry) = outcome.entry { FuzzPayloadOutcome.expectValid(entry, file: file) }
        for case .failure(let error) in [outcome.timeline.map { _ in () }, outcome.entry.map { _ in () }] {
            #expect(!error.code.isEmpty && !error.description.isEmpty, "\(file)")
        }
    }

    @Test("A frames input splits into frames, or stops at a WorkerProtocolError", arguments: FuzzRegressionInputs.files(for: "frames"))
    func framesInputIsHandled(_ file: FuzzRegressionInputs.File) throws {
        let outcome = FuzzFramesOutcome(try file.bytes())
        #expect(outcome.consumed + outcome.pending == outcome.appended, "\(file): the decoder lost or invented bytes")
        for frame in outcome.frames {
            #expect(frame.header.count <= WorkerProtocol.maximumHeaderBytes, "\(file)")
            #expect(4 + frame.header.count + frame.body.count <= outcome.maximumFrameBytes, "\(file)")
            // A header that decodes survives a round trip through the encoder.
            if let message = try? frame.message(as: WorkerMessage.self) {
                #expect(try FuzzFramesOutcome.roundTrip(message, body: frame.body) == message, "\(file)")
            }
            if let message = try? frame.message(as: HostMessage.self) {
                #expect(try FuzzFramesOutcome.roundTrip(message, body: frame.body) == message, "\(file)")
            }
        }
        if let error = outcome.error { #expect(!error.description.isEmpty, "\(file)") }
    }

    @Test("A bundle-plist input reads as entitlements and as an Info.plist, or throws a BundleFileError",
          arguments: FuzzRegressionInputs.files(for: "bundle-plist"))
    func bundlePlistInputIsHandled(_ file: FuzzRegressionInputs.File) throws {
        let bytes = Data(try file.bytes())
        do {
            let groups = try BundleInfoFiles.parseEntitlements(bytes, path: file.name)
            #expect(Set(groups).count == groups.count, "\(file)")
        } catch {
            #expect(error.kind == .entitlements && error.description.contains(file.name), "\(file)")
        }
        do {
            let (version, fonts) = try BundleInfoFiles.parseInfoPlist(bytes, path: file.name)
            #expect(version.map { !$0.isEmpty && $0.count <= 64 } ?? true, "\(file)")
            #expect(Set(fonts).count == fonts.count, "\(file)")
        } catch {
            #expect(error.kind == .infoPlist && error.description.contains(file.name), "\(file)")
        }
    }

    @Test("Both folders are found, and every regression input sits under a target's folder")
    func inputsAreWhereTheTestsLook() throws {
        // Without the seeds the argument lists above could silently be empty.
        #expect(FuzzRegressionInputs.files(for: "payload").contains { $0.name == "Corpus/payload/timeline.json" })
        #expect(FuzzRegressionInputs.files(for: "frames").contains { $0.name == "Corpus/frames/call-result.bin" })
        #expect(FuzzRegressionInputs.files(for: "bundle-plist").contains { $0.name == "Corpus/bundle-plist/entitlements.bplist" })
        let regressions = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/FuzzRegressions")
        let folders = try FileManager.default.contentsOfDirectory(atPath: regressions.path)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }
        #expect(Set(folders).isSubset(of: FuzzRegressionInputs.targets), "unknown folders in \(regressions.path): \(folders)")
    }

    // MARK: The seeds decode as written

    @Test func seedTimelineDecodes() throws {
        let timeline = try FuzzPayloadOutcome(FuzzRegressionInputs.seed("payload", "timeline.json")).timeline.get()
        #expect(timeline.entries.map(\.date) == [Date(timeIntervalSince1970: 1_767_225_600)])
        #expect(timeline.entries.first?.content["n"] == .integer(1))
        #expect(timeline.entries.first?.relevance == nil)
        #expect(timeline.policy == .atEnd)
    }

    @Test func seedRichTimelineDecodes() throws {
        let timeline = try FuzzPayloadOutcome(FuzzRegressionInputs.seed("payload", "timeline-rich.json")).timeline.get()
        #expect(timeline.entries.map(\.date.timeIntervalSince1970) == [10.5, 20])
        #expect(timeline.entries.first?.relevance == EntryRelevance(score: 0.75, duration: 3600))
        let content = try #require(timeline.entries.first?.content)
        #expect(content["title"] == .string("Café \"Lumière\""))
        #expect(content["big"] == .integer(.max))
        #expect(content["ratio"] == .number(-1.25e-3))
        #expect(content["none"] == .null)
        #expect(content["nested"]?["list"] == .array([.integer(1), .array([.integer(2), .array([.integer(3)])])]))
        #expect(timeline.policy == .after(Date(timeIntervalSince1970: 1_767_229_200)))
    }

    @Test func seedEntryDecodesAsAnEntryButNotAsATimeline() throws {
        let outcome = FuzzPayloadOutcome(try FuzzRegressionInputs.seed("payload", "entry.json"))
        let entry = try outcome.entry.get()
        #expect(entry.date == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(entry.content["n"] == .integer(0))
        #expect(outcome.timelineError == .missingMember("entries"))
    }

    @Test func seedErrorsAreTyped() throws {
        #expect(FuzzPayloadOutcome(try FuzzRegressionInputs.seed("payload", "error.json")).timelineError == .providerFailed(message: "no network"))
        #expect(FuzzPayloadOutcome(try FuzzRegressionInputs.seed("payload", "newer-version.json")).timelineError
            == .unsupportedPayloadVersion(found: 2, supported: PayloadVersion.current))
        // JSON cannot say infinity; 1e999 overflows a Double and JSONReader refuses the
        // document, so this is malformed rather than invalidTimeline(.nonFiniteDate).
        guard case .malformedPayload? = FuzzPayloadOutcome(try FuzzRegressionInputs.seed("payload", "non-finite-date.json")).timelineError else {
            Issue.record("1e999 as a date was not reported as a malformed payload")
            return
        }
    }

    @Test func seedFramesDecode() throws {
        let handshake = FuzzFramesOutcome(try FuzzRegressionInputs.seed("frames", "hello-scanned.bin"))
        #expect(handshake.error == nil)
        #expect(handshake.pending == 0)
        let messages = try handshake.frames.map { try $0.message(as: WorkerMessage.self) }
        #expect(messages.first == .hello(protocolVersion: 1, pid: 4242, sandbox: nil))
        guard messages.count == 2, case .scanned(let report) = messages[1] else {
            Issue.record("expected hello then scanned, got \(messages)")
            return
        }
        #expect(report.status == .loaded)
        #expect(report.bundle?.widgets.map(\.kind) == ["CounterWidget"])

        let call = FuzzFramesOutcome(try FuzzRegressionInputs.seed("frames", "call-result.bin"))
        #expect(call.error == nil)
        try #require(call.frames.count == 3)
        guard case .call(let request) = try call.frames[0].message(as: HostMessage.self) else {
            Issue.record("the first frame is not a call")
            return
        }
        #expect(request.id == 7 && request.call == .timeline && request.kind == "CounterWidget")
        #expect(try call.frames[1].message(as: WorkerMessage.self)
            == .result(WorkerCallResult(id: 7, outcome: .completed, nanoseconds: 1_500_000)))
        // The result's body is the payload, which the payload decoder accepts.
        let timeline = try FuzzPayloadOutcome(call.frames[1].body).timeline.get()
        #expect(timeline.entries.count == 1)
        #expect(try call.frames[2].message(as: HostMessage.self) == .shutdown)

        let others = FuzzFramesOutcome(try FuzzRegressionInputs.seed("frames", "log-reload-violation.bin"))
        let kinds = try others.frames.map { try $0.message(as: WorkerMessage.self) }
        #expect(kinds.count == 3)
        #expect(kinds.dropFirst().first == .reloadRequested(kinds: ["CounterWidget", "Other"]))
    }

    @Test func seedOverTheFrameLimitStopsWithATypedError() throws {
        let outcome = FuzzFramesOutcome(try FuzzRegressionInputs.seed("frames", "small-limit.bin"))
        #expect(outcome.frames.isEmpty)
        guard case .frameTooLarge(_, let limit)? = outcome.error else {
            Issue.record("expected frameTooLarge, got \(String(describing: outcome.error))")
            return
        }
        #expect(limit == outcome.maximumFrameBytes)
    }
}

/// The files the fuzz tests read.
enum FuzzRegressionInputs {
    static let targets: Set<String> = ["payload", "frames", "bundle-plist"]

    struct File: Sendable, CustomTestStringConvertible, CustomStringConvertible {
        /// Relative to the folder it was found in: `Corpus/payload/x.json`, `FuzzRegressions/frames/crash-…`.
        let name: String
        let url: URL

        func bytes() throws -> [UInt8] { Array(try Data(contentsOf: url)) }
        var description: String { name }
        var testDescription: String { name }
    }

    /// The seeds (Fuzz/Corpus/TARGET) and the regressions (Tests/Fixtures/FuzzRegressions/TARGET).
    static func files(for target: String) -> [File] {
        let root = TestPaths.packageRoot
        return [("Corpus", root.appendingPathComponent("Fuzz/Corpus")),
                ("FuzzRegressions", root.appendingPathComponent("Tests/Fixtures/FuzzRegressions"))]
            .flatMap { label, folder in
                let directory = folder.appendingPathComponent(target)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map {
                    File(name: "\(label)/\(target)/\($0)", url: directory.appendingPathComponent($0))
                }
            }
    }

    static func seed(_ target: String, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Fuzz/Corpus/\(target)/\(name)")))
    }
}

/// What Fuzz/Sources/fuzz-payload does with an input.
struct FuzzPayloadOutcome {
    /// As in the harness: small enough to reach tooManyEntries.
    static let limits: CallLimits = {
        var limits = CallLimits()
        limits.maxEntries = 8
        return limits
    }()

    let timeline: Result<WidgetTimeline, ProviderCallError>
    let entry: Result<WidgetEntry, ProviderCallError>

    init(_ payload: [UInt8]) {
        let decoder = ReplyDecoder(limits: Self.limits)
        timeline = Result { () throws(ProviderCallError) in try decoder.timeline(from: payload) }
        entry = Result { () throws(ProviderCallError) in try decoder.entry(from: payload) }
    }

    var timelineError: ProviderCallError? {
        if case .failure(let error) = timeline { return error }
        return nil
    }

    static func expectValid(_ timeline: WidgetTimeline, file: FuzzRegressionInputs.File) {
        #expect(!timeline.entries.isEmpty, "\(file)")
        #expect(timeline.entries.count <= limits.maxEntries, "\(file)")
        #expect(zip(timeline.entries, timeline.entries.dropFirst()).allSatisfy { $0.date <= $1.date }, "\(file)")
        for entry in timeline.entries { expectValid(entry, file: file) }
        if case .after(let date) = timeline.policy { #expect(date.timeIntervalSince1970.isFinite, "\(file)") }
    }

    static func expectValid(_ entry: WidgetEntry, file: FuzzRegressionInputs.File) {
        #expect(entry.date.timeIntervalSince1970.isFinite, "\(file)")
        if let relevance = entry.relevance {
            #expect(relevance.score.isFinite && relevance.duration.isFinite && relevance.duration >= 0, "\(file)")
        }
    }
}

/// What Fuzz/Sources/fuzz-frames does with an input: byte 0 picks the chunk sizes, byte 1 the
/// frame limit, the rest is the stream, appended chunk by chunk with every whole frame pulled
/// after each append, until the end or the first error.
struct FuzzFramesOutcome {
    var frames: [Frame] = []
    var error: WorkerProtocolError?
    var appended = 0
    var consumed = 0
    var pending = 0
    let maximumFrameBytes: Int

    init(_ input: [UInt8]) {
        guard input.count >= 2 else {
            maximumFrameBytes = WorkerProtocol.maximumFrameBytes
            return
        }
        let chunkSeed = Int(input[0])
        maximumFrameBytes = input[1] < 0x80 ? WorkerProtocol.maximumFrameBytes : Int(input[1] & 0x7f) * 8
        let stream = input[2...]
        var decoder = FrameCodec.Decoder(maximumFrameBytes: maximumFrameBytes)
        var offset = stream.startIndex
        var chunkIndex = 0
        reading: while offset < stream.endIndex {
            let chunk = chunkSeed == 0 ? stream.count : 1 + (chunkSeed &* (chunkIndex + 1)) % 16
            let end = min(offset + chunk, stream.endIndex)
            decoder.append(stream[offset..<end])
            appended += end - offset
            offset = end
            chunkIndex += 1
            do {
                while let frame = try decoder.next() {
                    frames.append(frame)
                    consumed += 8 + frame.header.count + frame.body.count
                }
            } catch {
                self.error = error
                break reading
            }
        }
        pending = decoder.pendingBytes
    }

    /// `message` encoded into a frame with `body` and decoded again.
    static func roundTrip<Message: Codable>(_ message: Message, body: [UInt8]) throws -> Message {
        var decoder = FrameCodec.Decoder()
        decoder.append(try FrameCodec.encode(message, body: body))
        let frame = try #require(try decoder.next())
        #expect(decoder.pendingBytes == 0)
        #expect(frame.body == body)
        return try frame.message(as: Message.self)
    }
}
