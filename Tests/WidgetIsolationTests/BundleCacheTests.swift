import Foundation
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetIsolation
import WidgetStoreModel

/// The bundle cache (`<data>/bundle-cache.json`): a warm worker-mode start takes every unchanged
/// file's descriptors from it and opens none. The proof used throughout: a host whose worker
/// executable does not exist can still list a bundle only if the cache answered for it, and a
/// file it had to scan fails with `spawnFailed`.
@Suite("Bundle cache")
struct BundleCacheTests {
    /// A folder of its own with copies of the named fixtures, and a data folder of its own.
    private struct Setup {
        let folder: URL
        let data: StoreLocation

        init(_ fixtures: [String]) async throws {
            folder = try TestPaths.makeTemporaryDirectory("widgethost-cache-bundles")
            data = TestStore.temporaryLocation()
            for name in fixtures { try await add(name) }
        }

        func add(_ fixture: String, as name: String? = nil) async throws {
            let target = folder.appendingPathComponent("\(name ?? fixture).so")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: try await FixtureBundles.bundle(fixture), to: target)
        }

        /// A host in worker mode; `workers: false` gives it a worker executable that does not exist.
        func host(workers: Bool = true, rescan: Bool = false) -> BundleHost {
            var settings = WorkerSettings()
            if !workers { settings.executable = URL(fileURLWithPath: "/nonexistent/widgethost-worker") }
            return BundleHost(HostConfiguration(
                searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
                limits: .hangGuard, storeLocation: data, isolation: .worker(settings), rescan: rescan))
        }

        func report(_ host: BundleHost, _ name: String) throws -> BundleReport {
            let path = folder.appendingPathComponent("\(name).so").path
            return try #require(host.bundles.reports.first { $0.path == path }, "no report for \(name)")
        }

        var cacheFile: URL { data.directory.appendingPathComponent("bundle-cache.json") }

        func cachedPaths() throws -> [String] {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: cacheFile)) as? [String: Any]
            let entries = object?["entries"] as? [[String: Any]] ?? []
            return entries.compactMap { $0["path"] as? String }.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted()
        }
    }

    private static func spawnFailed(_ report: BundleReport) -> Bool {
        guard case .scanFailed(.spawnFailed)? = report.issues.first else { return false }
        return true
    }

    @Test("A cold scan fills the cache; a warm start lists every kind without starting a worker")
    func warmStartOpensNothing() async throws {
        let setup = try await Setup(["provider_error", "unsorted_entries"])
        let cold = setup.host()
        #expect(Set(cold.bundles.catalog.widgets.map(\.kind)) == ["ProviderError", "UnsortedEntries"])
        #expect(try setup.cachedPaths() == ["provider_error.so", "unsorted_entries.so"])

        let warm = setup.host(workers: false)
        #expect(Set(warm.bundles.catalog.widgets.map(\.kind)) == ["ProviderError", "UnsortedEntries"])
        #expect(warm.bundles.reports.allSatisfy { $0.status == .loaded })
    }

    @Test("A changed file is scanned again, alone")
    func changedFileIsRescannedAlone() async throws {
        let setup = try await Setup(["provider_error", "unsorted_entries"])
        _ = setup.host()
        // Another bundle under the same name: new size and modification time.
        try await setup.add("garbage_json", as: "unsorted_entries")
        let warm = setup.host(workers: false)
        #expect(try setup.report(warm, "provider_error").status == .loaded)
        #expect(Self.spawnFailed(try setup.report(warm, "unsorted_entries")), "the changed file was not scanned")

        let rescanned = setup.host()
        #expect(Set(rescanned.bundles.catalog.widgets.map(\.kind)) == ["ProviderError", "GarbageJSON"])
    }

    @Test("An added file is scanned; a removed one leaves the cache")
    func addedAndRemovedFiles() async throws {
        let setup = try await Setup(["provider_error", "unsorted_entries"])
        _ = setup.host()
        try await setup.add("garbage_json")
        try FileManager.default.removeItem(at: setup.folder.appendingPathComponent("unsorted_entries.so"))

        let warm = setup.host(workers: false)
        #expect(try setup.report(warm, "provider_error").status == .loaded)
        #expect(Self.spawnFailed(try setup.report(warm, "garbage_json")))
        #expect(!warm.bundles.reports.contains { $0.path.hasSuffix("unsorted_entries.so") })
        #expect(try setup.cachedPaths() == ["provider_error.so"])

        _ = setup.host()
        #expect(try setup.cachedPaths() == ["garbage_json.so", "provider_error.so"])
    }

    @Test("A bundle that fails to load is cached with its error; one that crashes the scan is not")
    func brokenBundles() async throws {
        let setup = try await Setup(["init_fails"])
        let crash = try FixtureCompiler.compile("Tests/Fixtures/ScanCrashes/crashes_at_init.c")
        try FileManager.default.copyItem(at: crash, to: setup.folder.appendingPathComponent("crashes_at_init.so"))
        let cold = setup.host()
        #expect(try setup.report(cold, "init_fails").issues == [.load(.initFailed(path: setup.folder.appendingPathComponent("init_fails.so").path, bundle: "InitFails"))])
        #expect(try setup.cachedPaths() == ["init_fails.so"])

        let warm = setup.host(workers: false)
        #expect(try setup.report(warm, "init_fails").issues.map(\.code) == ["initFailed"])
        // The crash is remembered apart (broken-bundles.json), and skipped without a spawn.
        #expect(try setup.report(warm, "crashes_at_init").issues.map(\.code) == ["knownBroken"])
    }

    @Test("A cache of another format is ignored whole and rewritten; --rescan ignores a good one")
    func formatMismatchAndRescan() async throws {
        let setup = try await Setup(["provider_error"])
        _ = setup.host()
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: setup.cacheFile)) as? [String: Any])
        var producer = try #require(object["producer"] as? [String: Any])
        producer["format"] = BundleCache.formatVersion + 1
        object["producer"] = producer
        try JSONSerialization.data(withJSONObject: object).write(to: setup.cacheFile)

        #expect(Self.spawnFailed(try setup.report(setup.host(workers: false), "provider_error")), "a foreign cache was trusted")
        _ = setup.host()
        #expect(try setup.report(setup.host(workers: false), "provider_error").status == .loaded, "the cache was not rebuilt")
        #expect(Self.spawnFailed(try setup.report(setup.host(workers: false, rescan: true), "provider_error")), "--rescan trusted the cache")
    }

    @Test("A worker started from the cache answers calls")
    func cachedBundleIsCallable() async throws {
        let setup = try await Setup(["provider_error"])
        _ = try await FixtureBundles.directory()
        let movie = TestPaths.binDirectory.appendingPathComponent("libMoviePlannerWidget.so")
        try FileManager.default.copyItem(at: movie, to: setup.folder.appendingPathComponent("libMoviePlannerWidget.so"))
        _ = setup.host()
        let warm = setup.host()
        #expect(warm.bundles.workers.allSatisfy { $0.state.withLock { $0.process == nil } }, "a warm start started a worker")
        let widget = try warm.widget(kind: "MoviePlannerWidget")
        let timeline = try await warm.timeline(for: widget, in: CallContext(family: .systemSmall))
        #expect(timeline.entries.count == 3)
    }
}
