import Foundation
import Glibc
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetIsolation
import WidgetStoreModel

/// A worker started before the host knows its bundle (`PrestartedWorker`), as a one-shot
/// command starts one: the host's first worker start configures it instead of starting a
/// process; one never configured, or dead before, costs nothing but itself. (The command-line
/// tests run every `timeline`, `snapshot`, `placeholder`, `render` and `perform` this way.)
@Suite("Prestarted worker")
struct PrestartedWorkerTests {
    /// A private copy of the Pillar sample, and a store whose bundle cache has scanned it: as
    /// for a command run a second time, a host's first worker start is then its first call's.
    private func scannedPillar() async throws -> (folder: URL, store: StoreLocation) {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-prestarted")
        let library = TestPaths.binDirectory.appendingPathComponent("libPillarWidget.so")
        try FileManager.default.copyItem(at: library, to: folder.appendingPathComponent(library.lastPathComponent))
        let store = TestStore.temporaryLocation()
        let scanning = host(WorkerSettings(), folder: folder, store: store)
        scanning.stopWorkers()
        return (folder, store)
    }

    private func host(_ settings: WorkerSettings, folder: URL, store: StoreLocation) -> BundleHost {
        BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: .hangGuard, storeLocation: store, isolation: .worker(settings)))
    }

    private func timeline(_ host: BundleHost) async throws -> WidgetTimeline {
        try await host.timeline(for: try host.widget(kind: "PillarWidget"), in: CallContext(family: .systemSmall, now: Date()))
    }

    /// Waits until `pid` is gone: reaped, so no such process (a zombie still answers `kill(pid, 0)`).
    private func isGone(_ pid: pid_t) async throws -> Bool {
        try await waitUntil("process \(pid) to be reaped") { kill(pid, 0) != 0 && errno == ESRCH }
        return true
    }

    @Test("The host's first worker start configures the prestarted worker: the same process serves the bundle")
    func firstStartConfiguresIt() async throws {
        let (folder, store) = try await scannedPillar()
        let settings = WorkerSettings()
        let early = try #require(PrestartedWorker.start(executable: settings.executable))
        settings.adopt(early)
        let host = host(settings, folder: folder, store: store)
        defer { host.stopWorkers() }
        #expect(try await timeline(host).entries.count > 0)
        let worker = try #require(host.bundles.workers.first)
        #expect(worker.runningProcessID == early.pid)
    }

    @Test("A prestarted worker never configured exits once it is let go")
    func unusedOneExits() async throws {
        var early = PrestartedWorker.start(executable: WorkerSettings().executable)
        let pid = try #require(early?.pid)
        #expect(kill(pid, 0) == 0)
        early = nil
        #expect(try await isGone(pid))
    }

    @Test("A prestarted worker that dies after its configuration was sent, before its hello, is no failure: the call gets a new worker")
    func diesWhileConfigured() async throws {
        let (folder, store) = try await scannedPillar()
        var settings = WorkerSettings()
        // The host waits this long for the stopped worker's scan: a hang guard, so the kill
        // below comes first however slow the machine (10 s once passed before it did).
        settings.scanTimeout = hangGuardSeconds
        let early = try #require(PrestartedWorker.start(executable: settings.executable))
        // Stopped, its channel stays open: the host's configuration is written into it, and it
        // dies only then. (A worker killed just before, still exiting, once looked the same: the
        // write went into its socket, and the first call failed with its SIGKILL.)
        #expect(kill(early.pid, SIGSTOP) == 0)
        settings.adopt(early)
        let host = host(settings, folder: folder, store: store)
        defer { host.stopWorkers() }
        let worker = try #require(host.bundles.workers.first)
        let call = Task { try await timeline(host) }
        try await waitUntil("the host to configure the prestarted worker") { worker.lastProcessID == early.pid }
        #expect(kill(early.pid, SIGKILL) == 0)
        #expect(try await call.value.entries.count > 0)
        #expect(worker.runningProcessID != early.pid)
        #expect(worker.lastFailure() == nil)
        #expect(try await isGone(early.pid))
    }

    @Test("A prestarted worker that died first is ended, and the host starts its worker as usual")
    func deadOneIsReplaced() async throws {
        let (folder, store) = try await scannedPillar()
        let settings = WorkerSettings()
        let early = try #require(PrestartedWorker.start(executable: settings.executable))
        #expect(kill(early.pid, SIGKILL) == 0)
        settings.adopt(early)
        let host = host(settings, folder: folder, store: store)
        defer { host.stopWorkers() }
        #expect(try await timeline(host).entries.count > 0)
        let worker = try #require(host.bundles.workers.first)
        #expect(worker.runningProcessID != early.pid)
        #expect(try await isGone(early.pid))
    }
}
