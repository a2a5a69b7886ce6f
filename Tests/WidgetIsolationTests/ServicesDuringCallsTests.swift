import Foundation
import Testing
import TestSupport
import WidgetHostCore
@testable import WidgetIsolation
import WidgetStoreModel

/// host_services.h: every service is [thread-safe, callable during a provider call]. The
/// services_during_calls fixture calls log, reload_timelines, defaults_set, defaults_get and
/// group_container_path inside placeholder (synchronously), snapshot (from a thread of its own)
/// and timeline, in process and in a worker; each call must answer with every status OK, well
/// before the host's timeout, and the host must have seen the log lines and reload requests.
@Suite("Host services during provider calls")
struct ServicesDuringCallsTests {
    enum Mode: String, CaseIterable, CustomStringConvertible {
        case inProcess, worker
        var description: String { rawValue }
    }

    /// Compiled once, before any worker starts.
    private static let fixture: Result<URL, any Error> = Result {
        try FixtureCompiler.compile("Tests/Fixtures/Services/services_during_calls.c")
    }

    /// A timeout far beyond a call's real duration (well under a second alone): a deadlock
    /// shows as a timeout error. Generous, because a loaded test run can starve the awaiting
    /// task for seconds.
    private static let timeout = 30.0

    private static func host(_ mode: Mode) throws -> BundleHost {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-services-during-calls")
        try FileManager.default.copyItem(at: try fixture.get(), to: folder.appendingPathComponent("services_during_calls.so"))
        return BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: CallLimits(timeout: timeout),
            storeLocation: TestStore.temporaryLocation(),
            isolation: mode == .worker ? WorkerIsolation() as any BundleIsolation : InProcessIsolation()))
    }

    @Test("Every service answers OK from inside placeholder, snapshot and timeline", arguments: Mode.allCases)
    func servicesAnswerDuringCalls(_ mode: Mode) async throws {
        let host = try await offThePool { try Self.host(mode) }
        defer { host.stopWorkers() }
        let widget = try host.widget(kind: "ServicesDuringCalls")
        let context = CallContext(family: .systemSmall)

        // Each throws HostCallError (timedOut) if a service call deadlocked.
        let placeholder = try await host.placeholder(for: widget, in: context).content
        let snapshot = try await host.snapshot(for: widget, in: context).content
        let timeline = try #require(try await host.timeline(for: widget, in: context).entries.first).content

        for (call, content, value) in [("placeholder", placeholder, 1), ("snapshot", snapshot, 2), ("timeline", timeline, 3)] {
            #expect(content == .object([
                "call": .string(call), "reload": .integer(0), "set": .integer(0), "get": .integer(0),
                "value": .integer(Int64(value)), "container": .integer(0), "path": .bool(true),
            ]), "\(call) in \(mode)")
        }

        // The host saw the calls: a log line per call, tagged with the bundle, and the reloads.
        let lines = host.bundleLogLines.filter { $0.bundle == "ServicesDuringCalls" }.map(\.message)
        for call in ["placeholder", "snapshot", "timeline"] {
            #expect(lines.contains("during \(call)"), "no log line from \(call) in \(mode): \(lines)")
        }
        let record = try #require(host.registry.record(for: TimelineKey(kind: "ServicesDuringCalls", family: .systemSmall)))
        #expect(record.reloadRequestedAt != nil)
    }

    /// More calls at once than the worker has threads, each waiting for the host's defaults
    /// answers inside the call (the API fuzz's forced reload of 75 Counters): every one answers.
    /// Before the host kept its calls under way below the worker's threads, every thread waited
    /// for an answer none was left to read, and the worker was killed as hung.
    @Test("More calls at once than a worker has threads, each reading the App Group, all answer")
    func moreCallsThanWorkerThreads() async throws {
        let host = try await offThePool { try Self.host(.worker) }
        defer { host.stopWorkers() }
        let widget = try host.widget(kind: "ServicesDuringCalls")
        let calls = 3 * WorkerCallThreads.maximumThreads
        let answered = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<calls {
                group.addTask {
                    // One instance each, so that no two calls are the same one.
                    let timeline = try await host.timeline(
                        for: widget, in: CallContext(family: .systemSmall), instance: WidgetInstanceID(rawValue: "w\(index)"))
                    let entry = try #require(timeline.entries.first)
                    return entry.content["get"] == .integer(0) ? 1 : 0
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(answered == calls)
    }
}
