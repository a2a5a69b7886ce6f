#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetIsolation
import WidgetPayload
import WidgetStore
import WidgetStoreModel

/// The worker sandbox (docs/sandbox.md), proven by a hostile bundle (`hostile.c`) that tries to
/// reach everything it must not, beside the Counter sample. (In process the same attempts
/// succeed: `HostileBundleProbeTests`, which proves the probe really probes.) Part of the fault matrix
/// (docs/fault-matrix.md, "The sandbox").
@Suite("Fault matrix: the sandbox")
struct SandboxTests {
    /// What the hostile bundle is to reach for: files it must not read, and a port to connect to.
    final class Targets {
        let store: StoreLocation
        let homeFile: URL
        let victimSecret: URL
        let listener: LoopbackListener

        init() throws {
            store = TestStore.temporaryLocation()
            // The store and the registry exist with content, as under a running daemon.
            let shared = try SharedStore.open(store)
            try shared.setValue(.string("secret"), forKey: "secret", in: AppGroupID(validating: "group.widgethost.victim"))
            try Data(repeating: 7, count: 4096).write(to: store.registryDatabaseURL)
            victimSecret = store.containerURL(for: try AppGroupID(validating: "group.widgethost.victim"))
                .appendingPathComponent("secret.txt")
            try FileManager.default.createDirectory(
                at: victimSecret.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("the victim's secret".utf8).write(to: victimSecret)
            let home = try TestPaths.makeTemporaryDirectory("widgethost-sandbox-home")
            homeFile = home.appendingPathComponent(".ssh-key")
            try Data("a private key".utf8).write(to: homeFile)
            listener = try LoopbackListener()
        }

        deinit {
            try? FileManager.default.removeItem(at: store.directory)
            try? FileManager.default.removeItem(at: homeFile.deletingLastPathComponent())
        }

        /// The instance configuration the hostile widget reads its targets from.
        var configuration: [String: JSONValue] {
            ["homeFile": .string(homeFile.path), "port": .integer(Int64(listener.port))]
        }
    }

    /// One attempt of the hostile bundle: the errno it got (0: it succeeded) and the bytes it
    /// read or wrote.
    struct Attempt: Decodable, Equatable {
        let errno: Int32
        let bytes: Int
    }

    /// The hostile bundle's report, from its entry.
    static func report(of host: BundleHost, configuration: [String: JSONValue]) async throws -> [String: JSONValue] {
        let widget = try host.widget(kind: "HostileWidget")
        let timeline = try await host.timeline(for: widget, in: CallContext(family: .systemSmall, configuration: configuration))
        let entry = try #require(timeline.entries.first)
        guard case .tree(let tree)? = entry.view else { throw ReportMissing() }
        let text = try #require(Self.firstText(in: tree.root))
        let json = try JSONReader().read(Array(text.utf8))
        guard case .object(let members) = json else { throw ReportMissing() }
        return members
    }

    struct ReportMissing: Error {}

    static func attempt(_ name: String, in report: [String: JSONValue]) throws -> Attempt {
        guard case .object(let members)? = report[name], case .integer(let code)? = members["errno"],
              case .integer(let bytes)? = members["bytes"] else { throw ReportMissing() }
        return Attempt(errno: Int32(code), bytes: Int(bytes))
    }

    private static func firstText(in node: ViewNode) -> String? {
        if case .text(.verbatim(let string)) = node.kind { return string }
        for child in node.kind.children {
            if let found = firstText(in: child) { return found }
        }
        return nil
    }

    /// Every attempt outside the sandbox is denied by the kernel, nothing is read or written,
    /// while the bundle's own group works and the Counter beside it is untouched.
    @Test func everyAttemptOfTheHostileBundleIsDeniedInAWorker() async throws {
        guard case .success = Landlock.abiVersion() else {
            Issue.record("this kernel has no Landlock: the sandbox cannot be tested (docs/sandbox.md)")
            return
        }
        let targets = try Targets()
        let fixture = try await FaultMatrix.host(
            [.fixture("hostile"), .built("libCounterWidget.so")], limits: .hangGuard,
            withMoviePlanner: false, storeLocation: targets.store)
        defer { fixture.host.stopWorkers() }
        let report = try await Self.report(of: fixture.host, configuration: targets.configuration)

        for name in ["store", "registry", "home", "writeOutside", "writeTmp", "otherGroup", "exec", "connect"] {
            let attempt = try Self.attempt(name, in: report)
            #expect(attempt == Attempt(errno: EACCES, bytes: 0), "\(name): \(attempt)")
        }
        // Its own container and its own group's defaults work, through the host.
        #expect(try Self.attempt("ownGroup", in: report) == Attempt(errno: 0, bytes: 1))
        #expect(report["defaults"] == .integer(0))
        #expect(report["foreignDefaults"] == .integer(4))  // WK_STATUS_UNDECLARED_GROUP, from the host
        let stored = try fixture.host.store.value(forKey: "probe", in: AppGroupID(validating: "group.widgethost.hostile"))
        #expect(stored != nil)
        // A request forged on the channel, around the worker's own checks, is refused by the host,
        // which logs it against the bundle.
        #expect(report["forgedFrame"] == .integer(1))
        // The host answers a worker's defaults request off its reader thread.
        try await waitUntil("the forged request logged against Hostile") {
            fixture.host.bundleLogLines.contains { $0.bundle == "Hostile" && $0.message.contains("'group.widgethost.forged'") }
        }
        // Nothing written where it tried.
        #expect(!FileManager.default.fileExists(atPath: targets.store.directory.appendingPathComponent("escape.txt").path))
        #expect(try String(contentsOf: targets.victimSecret, encoding: .utf8) == "the victim's secret")

        // The Counter beside it works, its defaults included.
        try await fixture.host.perform(kind: "CounterWidget", intent: "IncrementCountIntent", parameters: [:])
        let counter = try fixture.host.widget(kind: "CounterWidget")
        let timeline = try await fixture.host.timeline(for: counter, in: CallContext(family: .systemSmall))
        #expect(timeline.entries.first?.content["count"] == .integer(1))
        // The sandbox each runs under is reported.
        let sandboxes = Dictionary(uniqueKeysWithValues: fixture.host.bundles.reports.compactMap { report in
            report.bundle.map { ($0.name, report.sandbox) }
        })
        #expect(sandboxes["Hostile"]??.enforcement == .landlock)
        #expect(sandboxes["Hostile"]??.network == false)
        #expect(sandboxes["Hostile"]??.appGroups == ["group.widgethost.hostile"])
        #expect(sandboxes["Counter"]??.appGroups == ["group.dev.widgethost.counter"])
    }
}
