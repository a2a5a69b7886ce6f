import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetDaemon
import WidgetPayload
import WidgetStoreModel

/// The start of a live-reload workflow: an author rebuilds a bundle while `widgethost run` runs,
/// and the daemon picks up the new code (a fresh worker) without being restarted.
@Suite("Live reload")
struct LiveReloadTests {
    /// Compiles Tests/Fixtures/LiveReload/live_reload.c as build `version` to `output`.
    private static func build(version: Int, to output: URL) throws {
        let source = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/LiveReload/live_reload.c")
        try FixtureCompiler.compile(source, to: output, defines: ["LIVE_VERSION=\(version)"])
    }

    /// A daemon serving build 1 of the fixture alone, from a folder of its own, once its first
    /// call answered: the folder, the bundle's file, the data folder and the daemon.
    private static func daemonServingBuildOne() async throws -> (folder: URL, bundle: URL, data: URL, daemon: DaemonProcess) {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-live-reload")
        let bundle = folder.appendingPathComponent("live_reload.so")
        try build(version: 1, to: bundle)
        let data = try TestPaths.makeTemporaryDirectory("widgethost-live-reload-data")
        let daemon = try DaemonProcess(dataDirectory: data, arguments: ["--no-default-bundles", "--bundles", folder.path])
        do {
            try await daemon.waitForEvent { $0.event == "call" && $0.kind == "LiveReload" && $0.call?.result == "ok" }
        } catch {
            daemon.kill()
            throw error
        }
        return (folder, bundle, data, daemon)
    }

    private static func savedBuild(_ data: URL) throws -> JSONValue? {
        let database = try #require(try RegistryDatabase.openIfExists(StoreLocation(directory: data)))
        let record = try database.restore().records.first { $0.key.kind == "LiveReload" }
        return record?.timeline?.entries.first?.content["build"]
    }

    @Test("A bundle rebuilt on disk is reloaded by the running daemon with its new code")
    func rebuiltBundleIsPickedUp() async throws {
        let (folder, bundle, data, daemon) = try await Self.daemonServingBuildOne()
        defer { daemon.kill() }
        let mark = daemon.events.count

        // As a build tool does: write the new file elsewhere, then rename it over the old one.
        let fresh = folder.appendingPathComponent("live_reload.so.partial")
        try Self.build(version: 2, to: fresh)
        #expect(rename(fresh.path, bundle.path) == 0)

        try await daemon.waitForEvent(after: mark) { $0.event == "bundleChanged" }
        let call = try await daemon.waitForEvent(after: mark) { $0.event == "call" && $0.kind == "LiveReload" }
        #expect(call.call?.cause == "forced", "\(daemon.diagnostics())")
        #expect(call.call?.result == "ok", "\(daemon.diagnostics())")

        daemon.signal(SIGTERM)
        #expect(try await daemon.waitForExit() == 0, "\(daemon.diagnostics())")
        #expect(try Self.savedBuild(data) == .integer(2), "the registry still holds the old build's timeline")
    }

    @Test("A bundle deleted while the daemon runs is reported as removed; its kind is not called for, and keeps its last entry")
    func deletedBundleIsRemoved() async throws {
        let (_, bundle, data, daemon) = try await Self.daemonServingBuildOne()
        defer { daemon.kill() }
        let mark = daemon.events.count

        try FileManager.default.removeItem(at: bundle)
        let removed = try await daemon.waitForEvent(after: mark) { $0.event == "bundleRemoved" || $0.event == "bundleChanged" }
        #expect(removed.event == "bundleRemoved", "\(daemon.diagnostics())")

        daemon.signal(SIGTERM)
        #expect(try await daemon.waitForExit() == 0, "\(daemon.diagnostics())")
        let calls = daemon.events[mark...].filter { $0.event == "call" && $0.kind == "LiveReload" }
        #expect(calls.isEmpty, "a removed bundle's kind was called: \(daemon.diagnostics())")
        #expect(try Self.savedBuild(data) == .integer(1), "the last entry was not kept")
    }
}
