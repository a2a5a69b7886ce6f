#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetIsolation
import WidgetPayload
import WidgetStoreModel

/// The real `widgethost-worker`, spawned as the host spawns it and spoken to over its channel.
@Suite("Worker server")
struct WorkerServerTests {
    private static let movieKind = "MoviePlannerWidget"

    private func configuration(
        _ bundle: URL, limits: CallLimits = .hangGuard,
        store: StoreLocation = TestStore.temporaryLocation(),
        resourceLimits: WorkerResourceLimits = .defaults
    ) -> WorkerConfiguration {
        WorkerConfiguration(
            bundlePath: bundle.path, limits: limits,
            sandbox: nil, resourceLimits: resourceLimits)
    }

    /// Starts a worker and reads its hello and scan report.
    private func start(_ configuration: WorkerConfiguration) throws -> (SpawnedWorker, WorkerScanReport) {
        let worker = try SpawnedWorker(configuration: configuration)
        let hello = try worker.nextMessage().message
        #expect(hello == .hello(protocolVersion: WorkerProtocol.version, pid: worker.pid, sandbox: WorkerSandboxStatus(state: .off, landlockABI: nil, networkDenied: false)))
        while true {
            switch try worker.nextMessage().message {
            case .scanned(let report): return (worker, report)
            case .log: continue  // a bundle may log from its init
            case let other: throw UnexpectedMessage(message: other, output: worker.output)
            }
        }
    }

    private func call(_ kind: String, _ call: ProviderCall = .timeline, id: UInt64, family: WidgetFamily = .systemSmall) -> HostMessage {
        .call(WorkerCallRequest(
            id: id, call: call, kind: kind,
            context: CallContext(family: family, now: Date(timeIntervalSince1970: 1_767_225_600))))
    }

    /// Every message up to and including the result of call `id`, and that result's body.
    private func messages(untilResultOf id: UInt64, from worker: SpawnedWorker) throws -> (others: [WorkerMessage], result: WorkerCallResult, body: [UInt8]) {
        var others: [WorkerMessage] = []
        while true {
            let (message, body) = try worker.nextMessage()
            if case .result(let result) = message, result.id == id { return (others, result, body) }
            others.append(message)
        }
    }

    private func content(of timelinePayload: [UInt8]) throws -> [String: Any] {
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(timelinePayload)) as? [String: Any])
        let entries = try #require(timeline["entries"] as? [[String: Any]])
        return try #require(entries.first?["content"] as? [String: Any])
    }

    @Test func scansTheSampleBundle() throws {
        let (worker, report) = try start(configuration(TestPaths.sampleBundle("MoviePlannerWidget")))
        #expect(report.status == .loaded)
        #expect(report.error == nil)
        let bundle = try #require(report.bundle)
        #expect(bundle.name == "MoviePlanner")
        // Its entry is @main, which declares no version: the SDK's default.
        #expect(bundle.version == "1.0")
        #expect(bundle.abiVersion.major == ABIVersion.host.major)
        #expect(bundle.appGroups == [])
        #expect(bundle.widgets == [ScannedWidget(
            kind: Self.movieKind, displayName: "Movie Planner", description: "Shows a new movie every minute.",
            families: [.systemSmall, .systemMedium, .systemLarge])])
        worker.hangUp()
        #expect(worker.waitForExit() == .exited(WorkerExitStatus.finished.rawValue))
    }

    @Test func answersATimelineCallWithItsPayload() throws {
        let (worker, _) = try start(configuration(TestPaths.sampleBundle("MoviePlannerWidget")))
        try worker.send(call(Self.movieKind, id: 41, family: .systemMedium))
        let (others, result, body) = try messages(untilResultOf: 41, from: worker)
        #expect(others.isEmpty)
        #expect(result.outcome == .completed)
        #expect(result.nanoseconds > 0)
        let timeline = try ReplyDecoder(limits: CallLimits()).timeline(from: body)
        #expect(timeline.entries.count == 3)
        #expect(timeline.entries.first?.date == Date(timeIntervalSince1970: 1_767_225_600))
    }

    @Test func callsRunConcurrently() async throws {
        // The timeline never completes; the placeholder, sent after it, is answered first.
        let (worker, report) = try start(configuration(try await FixtureBundles.bundle("never_completes"), limits: CallLimits(timeout: 1)))
        #expect(report.status == .loaded)
        try worker.send(call("NeverCompletes", .timeline, id: 1))
        try worker.send(call("NeverCompletes", .placeholder, id: 2))
        guard case .result(let first) = try worker.nextMessage().message else { Issue.record("expected a result"); return }
        #expect(first.id == 2)
        #expect(first.outcome == .completed)
        guard case .result(let second) = try worker.nextMessage().message else { Issue.record("expected a result"); return }
        #expect(second == WorkerCallResult(id: 1, outcome: .timedOut, nanoseconds: second.nanoseconds))
        #expect(second.nanoseconds >= 1_000_000_000)
    }

    @Test func secondCompletionIsAViolation() async throws {
        let (worker, _) = try start(configuration(try await FixtureBundles.bundle("completes_twice")))
        try worker.send(call("CompletesTwice", id: 7))
        var (others, result, _) = try messages(untilResultOf: 7, from: worker)
        #expect(result.outcome == .completed)
        // The violation comes from the bundle's thread, possibly after the result.
        if others.isEmpty { others.append(try worker.nextMessage().message) }
        #expect(others.count == 1)
        guard case .violation(let kind, let family, let violation) = others.first else {
            Issue.record("expected a violation, got \(others)")
            return
        }
        #expect(kind == "CompletesTwice")
        #expect(family == .systemSmall)
        #expect(violation.call == .timeline)
        #expect(violation.isSecondCompletion)
    }

    @Test func forwardsLogLinesAndReloadRequests() async throws {
        let (worker, _) = try start(configuration(try await FixtureBundles.bundle("services_probe")))
        try worker.send(call("ServicesProbe", id: 3))
        let (others, result, body) = try messages(untilResultOf: 3, from: worker)
        #expect(result.outcome == .completed)
        #expect(others.count == 4)
        #expect(others.first == .log(level: .info, message: "probe timeline"))
        #expect(others.contains(.reloadRequested(kinds: ["ServicesProbe"])))
        #expect(others.contains(.reloadRequested(kinds: ["ServicesProbe", "ServicesProbeTwo"])))
        #expect(others.contains {
            if case .log(.error, let message) = $0 { return message.contains("CounterWidget") }
            return false
        })
        let content = try content(of: body)
        #expect(content["ownStatus"] as? Int == 0)
        #expect(content["foreignStatus"] as? Int == 2)
        #expect(content["allStatus"] as? Int == 0)
    }

    /// The worker never opens the store: each defaults call is a `defaults` request to the host
    /// (played here by the test), and the bundle gets exactly what the host answers.
    @Test func asksTheHostForSharedDefaults() async throws {
        let store = TestStore.temporaryLocation()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let (worker, report) = try start(configuration(try await FixtureBundles.bundle("groups_probe"), store: store))
        #expect(report.bundle?.appGroups == ["group.widgethost.probe"])
        try worker.send(call("GroupsProbe", id: 5))
        var requests: [DefaultsRequest] = []
        var body: [UInt8] = []
        answering: while true {
            let (message, frameBody) = try worker.nextMessage()
            switch message {
            case .defaults(let id, let group, let request):
                #expect(group == "group.widgethost.probe")
                requests.append(request)
                let reply = switch request {
                case .get(let key) where key == "answer": DefaultsReply(status: 0, json: #"{"type":"int","value":4242}"#)
                case .get: DefaultsReply(status: 3)  // WK_STATUS_NOT_FOUND
                default: DefaultsReply(status: 0)
                }
                try worker.send(.defaultsAnswer(id: id, reply: reply))
            case .result(let result) where result.id == 5:
                #expect(result.outcome == .completed)
                body = frameBody
                break answering
            default:
                continue
            }
        }
        #expect(requests.first == .set(key: "answer", json: #"{"type":"int","value":42}"#))
        #expect(requests.contains(.remove(key: "answer")))
        let content = try content(of: body)
        #expect(content["setStatus"] as? Int == 0)
        #expect(content["getStatus"] as? Int == 0)
        // The host's answer, not the value set: nothing but the host answered.
        #expect((content["getReply"] as? String)?.contains("4242") == true)
        #expect(!FileManager.default.fileExists(atPath: store.databaseURL.path))
    }

    /// The worker reports the load as it is; whether a missing entry is skipped or an error is
    /// the host's call (`BundleReport(file:loading:)`, tested in BundleReportTests).
    @Test func missingEntryIsReportedAsItIs() async throws {
        let path = try await FixtureBundles.bundle("missing_entry")
        let (worker, report) = try start(configuration(path))
        #expect(report == WorkerScanReport(status: .failed, bundle: nil, error: .missingEntrySymbol(path: path.path)))
        // It waits for the host to hang up rather than exiting on its own.
        #expect(worker.waitForExit(timeout: 0.3) == nil)
        worker.hangUp()
        #expect(worker.waitForExit() == .exited(0))
    }

    @Test func aBundleThatDidNotLoadExitsOnShutdown() async throws {
        let (worker, _) = try start(configuration(try await FixtureBundles.bundle("missing_entry")))
        try worker.send(.shutdown)
        #expect(worker.waitForExit() == .exited(0))
    }

    @Test func shutdownEndsTheWorker() async throws {
        let (worker, _) = try start(configuration(try await FixtureBundles.bundle("never_completes"), limits: .hangGuard))
        try worker.send(call("NeverCompletes", id: 1))  // under way, abandoned
        try worker.send(.shutdown)
        #expect(worker.waitForExit(timeout: 5) == .exited(0))
    }

    @Test func unknownKindIsNotAnswered() throws {
        let (worker, _) = try start(configuration(TestPaths.sampleBundle("MoviePlannerWidget")))
        try worker.send(call("NoSuchKind", id: 1))
        try worker.send(call(Self.movieKind, .placeholder, id: 2))
        guard case .result(let result) = try worker.nextMessage().message else { Issue.record("expected a result"); return }
        #expect(result.id == 2)
        #expect(worker.output.contains("NoSuchKind"))
    }

    @Test(arguments: [[], ["{}"], ["not json"], ["{}", "extra"]])
    func badArgumentsExitWithUsage(arguments: [String]) throws {
        let worker = try SpawnedWorker(arguments: arguments)
        #expect(worker.waitForExit() == .exited(WorkerExitStatus.usage.rawValue))
        #expect(worker.output.split(separator: "\n").count == 1)
        // Nothing on the channel, not even hello.
        #expect(throws: WorkerChannel.Failure.closed) { try worker.nextFrame(timeout: 5) }
    }

    @Test func undecodableFrameEndsTheWorker() throws {
        let (worker, _) = try start(configuration(TestPaths.sampleBundle("MoviePlannerWidget")))
        try worker.channel.send(["not": "a host message"])
        #expect(worker.waitForExit() == .exited(WorkerExitStatus.protocolError.rawValue))
        #expect(worker.output.contains("not a message"))
    }

    @Test func oversizedFrameEndsTheWorker() throws {
        let (worker, _) = try start(configuration(TestPaths.sampleBundle("MoviePlannerWidget")))
        let length = UInt32(WorkerProtocol.maximumFrameBytes + 1).littleEndian
        _ = withUnsafeBytes(of: length) { send(worker.channel.descriptor, $0.baseAddress, 4, Int32(MSG_NOSIGNAL)) }
        #expect(worker.waitForExit() == .exited(WorkerExitStatus.protocolError.rawValue))
    }

    @Test func appliesResourceLimitsAndIgnoresSIGPIPE() throws {
        let limits = WorkerResourceLimits(memoryBytes: 700 << 20, cpuSeconds: 100)
        let (worker, _) = try start(configuration(TestPaths.sampleBundle("MoviePlannerWidget"), resourceLimits: limits))
        let procLimits = try String(contentsOfFile: "/proc/\(worker.pid)/limits", encoding: .utf8)
        #expect(limitLine("Max data size", in: procLimits) == ["\(700 << 20)", "\(700 << 20)"])
        #expect(limitLine("Max cpu time", in: procLimits) == ["100", "\(100 + WorkerServer.cpuGraceSeconds)"])
        let status = try String(contentsOfFile: "/proc/\(worker.pid)/status", encoding: .utf8)
        let ignored = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") })
        let mask = try #require(UInt64(ignored.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16))
        #expect(mask & (1 << (UInt64(SIGPIPE) - 1)) != 0)
    }

    @Test func absentResourceLimitsAreInherited() throws {
        let unlimited = WorkerResourceLimits(memoryBytes: nil, cpuSeconds: nil)
        let (worker, _) = try start(configuration(TestPaths.sampleBundle("MoviePlannerWidget"), resourceLimits: unlimited))
        let theirs = try String(contentsOfFile: "/proc/\(worker.pid)/limits", encoding: .utf8)
        let ours = try String(contentsOfFile: "/proc/self/limits", encoding: .utf8)
        #expect(limitLine("Max data size", in: theirs) == limitLine("Max data size", in: ours))
        #expect(limitLine("Max cpu time", in: theirs) == limitLine("Max cpu time", in: ours))
    }

    /// The soft and hard values of one line of /proc/PID/limits.
    private func limitLine(_ name: String, in limits: String) -> [String] {
        guard let line = limits.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return [] }
        return line.dropFirst(name.count).split(separator: " ").prefix(2).map(String.init)
    }
}

private struct UnexpectedMessage: Error, CustomStringConvertible {
    let message: WorkerMessage
    let output: String
    var description: String { "unexpected \(message) before scanned; worker output:\n\(output)" }
}
