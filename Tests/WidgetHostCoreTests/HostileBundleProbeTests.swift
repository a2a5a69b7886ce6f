import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetPayload
import WidgetStore
import WidgetStoreModel

// The hostile fixture (Tests/Fixtures/Bundles/hostile.c) in this process, where nothing is
// sandboxed: every attempt it makes succeeds. That proves its probes really read, write, spawn
// and connect, so that the same report from a sandboxed worker (issue 16) showing EACCES/EPERM
// means the sandbox denied them, not that the probe was broken.

@Suite("Hostile bundle probe")
struct HostileBundleProbeTests {
    static let source = "Tests/Fixtures/Bundles/hostile.c"
    static let kind = "HostileWidget"
    /// The report's members, in the fixture's fixed order.
    static let keys = [
        "store", "registry", "home", "writeOutside", "writeTmp", "otherGroup", "exec", "connect", "ownGroup", "defaults", "foreignDefaults", "forgedFrame",
    ]

    /// A host over a private copy of the fixture, and a store holding what a sandbox must hide:
    /// another group's secret, the host's registry, a file of the user's.
    struct Setup {
        let host: BundleHost
        let report: BundleReport
        let store: StoreLocation
        let homeFile: URL
    }

    /// One attempt as the report gives it.
    struct Attempt: Equatable {
        let errno: Int64
        let bytes: Int64
    }

    static func setUp() throws -> Setup {
        let built = try FixtureCompiler.compile(source)
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-hostile")
        let copy = folder.appendingPathComponent(built.lastPathComponent)
        try FileManager.default.copyItem(at: built, to: copy)
        let store = TestStore.temporaryLocation()
        let victim = store.groupsDirectory.appendingPathComponent("group.widgethost.victim", isDirectory: true)
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: victim.appendingPathComponent("secret.txt"))
        try Data("registry".utf8).write(to: store.registryDatabaseURL)
        let home = try TestPaths.makeTemporaryDirectory("widgethost-hostile-home").appendingPathComponent("home.txt")
        try Data("home file".utf8).write(to: home)
        let host = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: .hangGuard,
            // The shared store, whose file the probe reads once the host has opened it.
            storeLocation: store, store: LazySharedStore(location: store),
            isolation: InProcessIsolation()))
        let report = try #require(host.bundles.reports.first { $0.path == copy.path }, "no report for \(copy.path)")
        return Setup(host: host, report: report, store: store, homeFile: home)
    }

    @Test("The hostile fixture declares its group, no network, and its two parameters")
    func declarations() async throws {
        let setup = try await offThePool { try Self.setUp() }
        #expect(setup.report.status == .loaded, "\(setup.report.issues)")
        let bundle = try #require(setup.report.bundle)
        #expect(bundle.name == "Hostile")
        #expect(bundle.appGroups.map(\.rawValue) == ["group.widgethost.hostile"])
        #expect(bundle.usesNetwork == false)
        let widget = try setup.host.widget(kind: Self.kind)
        #expect(widget.families == [.systemSmall])
        let schema = try #require(widget.configurationSchema)
        #expect(schema.parameters.map(\.name) == ["homeFile", "port"])
        #expect(schema.parameters.map(\.type) == [.string, .int])
    }

    @Test("Unsandboxed, in process, every attempt of the hostile fixture succeeds and its report decodes")
    func everyAttemptSucceedsInProcess() async throws {
        let setup = try await offThePool { try Self.setUp() }
        let listener = try LoopbackListener()
        let widget = try setup.host.widget(kind: Self.kind)
        let configuration = try ConfigurationValidator(widget).validate([
            "homeFile": .string(setup.homeFile.path), "port": .number(Double(listener.port)),
        ])
        let timeline = try await setup.host.timeline(
            for: widget, in: CallContext(family: .systemSmall, configuration: configuration))
        let entry = try #require(timeline.entries.first)
        #expect(timeline.entries.count == 1)

        // The view is one Text holding the report's JSON, keys in the documented order; the
        // content is the same object.
        guard case .tree(let tree)? = entry.view, case .text(.verbatim(let text)) = tree.root.kind else {
            Issue.record("the entry's view is not one Text: \(String(describing: entry.view))")
            return
        }
        let report = try JSONReader().read(Array(text.utf8))
        #expect(report == entry.content)
        guard case .object(let members) = report else {
            Issue.record("the report is not an object: \(text)")
            return
        }
        #expect(Set(members.keys) == Set(Self.keys))

        func attempt(_ key: String) -> Attempt? {
            guard case .integer(let code)? = report[key]?["errno"], case .integer(let bytes)? = report[key]?["bytes"] else {
                return nil
            }
            return Attempt(errno: code, bytes: bytes)
        }
        // Byte for byte the documented format: compact, keys in order.
        let attempts = Self.keys.dropLast(3).map { key in
            attempt(key).map { "\"\(key)\":{\"errno\":\($0.errno),\"bytes\":\($0.bytes)}" } ?? "?"
        }
        guard case .integer(let defaults)? = report["defaults"] else {
            Issue.record("the report's defaults is not an integer: \(text)")
            return
        }
        // Another group's defaults are refused by the host even in process: WK_STATUS_UNDECLARED_GROUP.
        // In process there is no channel to forge a frame on.
        #expect(text == "{" + attempts.joined(separator: ",") + ",\"defaults\":\(defaults),\"foreignDefaults\":4,\"forgedFrame\":0}")
        // Reads: the shared store (the host opened it for the container path), the planted
        // registry, the user's file and another group's secret, each read in full.
        #expect(attempt("store")?.errno == 0)
        #expect((attempt("store")?.bytes ?? 0) > 0, "\(text)")
        #expect(attempt("registry") == Attempt(errno: 0, bytes: Int64("registry".utf8.count)))
        #expect(attempt("home") == Attempt(errno: 0, bytes: Int64("home file".utf8.count)))
        #expect(attempt("otherGroup") == Attempt(errno: 0, bytes: Int64("secret".utf8.count)))
        // Writes: outside the container (left there), and in /tmp (removed by the bundle).
        #expect(attempt("writeOutside") == Attempt(errno: 0, bytes: 1))
        #expect(FileManager.default.fileExists(atPath: setup.store.directory.appendingPathComponent("escape.txt").path))
        #expect(attempt("writeTmp") == Attempt(errno: 0, bytes: 1))
        let tmpEscape = "/tmp/widgethost-hostile-escape-\(ProcessInfo.processInfo.processIdentifier).txt"
        #expect(!FileManager.default.fileExists(atPath: tmpEscape))
        #expect(attempt("exec") == Attempt(errno: 0, bytes: 0))
        #expect(attempt("connect") == Attempt(errno: 0, bytes: 0))
        // Its own container and shared defaults: allowed everywhere.
        #expect(attempt("ownGroup") == Attempt(errno: 0, bytes: 1))
        #expect(defaults == 0)
    }

    @Test("Without a configuration the hostile fixture still reports: no home file, no port")
    func defaultsReportTheMissingTargets() async throws {
        let setup = try await offThePool { try Self.setUp() }
        let widget = try setup.host.widget(kind: Self.kind)
        let timeline = try await setup.host.timeline(
            for: widget, in: CallContext(family: .systemSmall, configuration: try ConfigurationValidator(widget).validate([:])))
        let report = try #require(timeline.entries.first).content
        // open("") and a connect to port 0 fail on their own.
        #expect(report["home"]?["errno"] == .integer(Int64(ENOENT)))
        #expect(report["connect"]?["errno"] == .integer(Int64(ECONNREFUSED)))
        #expect(report["ownGroup"]?["errno"] == .integer(0))
    }
}
