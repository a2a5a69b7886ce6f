import Foundation
import Glibc
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetIsolation

/// Idle workers are let go (`WorkerSettings.idleTimeout`) and started again by the next call,
/// which succeeds; their end is no failure: nothing is recorded against the bundle and no
/// backoff applies.
@Suite("Idle workers")
struct IdleWorkerTests {
    /// A host in worker mode over a private copy of `library` (the Pillar sample by default).
    private func host(
        idleTimeout: TimeInterval?, library: URL = TestPaths.binDirectory.appendingPathComponent("libPillarWidget.so"),
        limits: CallLimits = CallLimits()
    ) throws -> BundleHost {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-idle")
        try FileManager.default.copyItem(at: library, to: folder.appendingPathComponent(library.lastPathComponent))
        var settings = WorkerSettings()
        settings.idleTimeout = idleTimeout
        return BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: limits, storeLocation: TestStore.temporaryLocation(), isolation: .worker(settings)))
    }

    private func timeline(_ host: BundleHost) async throws -> WidgetTimeline {
        try await host.timeline(for: try host.widget(kind: "PillarWidget"), in: CallContext(family: .systemSmall, now: Date()))
    }

    /// Waits up to `seconds` for `condition`.
    private func eventually(within seconds: Double, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    private func processExists(_ pid: Int32) -> Bool {
        Glibc.kill(pid, 0) == 0 || errno != ESRCH
    }

    // The whole suite runs at once on two cores, where a test's own steps may wait seconds for a
    // thread: nothing here depends on reading the worker at a given moment.

    @Test("An idle worker is let go, its process ends, and the next call starts it again")
    func idleWorkerIsReleasedAndRestarted() async throws {
        let host = try host(idleTimeout: 0.5)
        defer { host.stopWorkers() }
        #expect(try await timeline(host).entries.count > 0)
        let worker = try #require(host.bundles.workers.first)

        #expect(await eventually(within: 60) { worker.idleReleaseCount >= 1 && worker.runningProcessID == nil },
                "the idle worker was never let go")
        let released = try #require(worker.lastProcessID)
        #expect(await eventually(within: 20) { !processExists(released) }, "the released worker's process \(released) did not end")

        #expect(try await timeline(host).entries.count > 0)
        #expect(worker.lastProcessID != released, "the next call reached no new worker")
        // Let go for idleness is no failure: nothing to back off from, nothing recorded.
        #expect(worker.lastFailure() == nil)
        #expect(host.registry.allRecords.allSatisfy { $0.lastError == nil })
    }

    @Test("A worker with a call pending is not let go, however long the call takes")
    func busyWorkerStays() async throws {
        let host = try host(
            idleTimeout: 0.2, library: try FixtureBundles.bundle("never_completes"), limits: CallLimits(timeout: 60))
        defer { host.stopWorkers() }
        let widget = try host.widget(kind: "NeverCompletes")
        let worker = try #require(host.bundles.workers.first)
        let call = Task { try? await host.timeline(for: widget, in: CallContext(family: .systemSmall, now: Date())) }
        #expect(await eventually(within: 60) { worker.hasPendingCalls }, "the call never reached a worker")
        let pid = worker.runningProcessID
        let releases = worker.idleReleaseCount
        // Ten idle timeouts with the call pending: the same worker holds it.
        try await Task.sleep(for: .seconds(2))
        #expect(worker.hasPendingCalls)
        #expect(worker.runningProcessID == pid)
        #expect(worker.idleReleaseCount == releases)
        host.stopWorkers()
        _ = await call.value
    }

    @Test("Without an idle timeout, a worker stays")
    func noTimeoutKeepsWorkers() async throws {
        let host = try host(idleTimeout: nil)
        defer { host.stopWorkers() }
        #expect(try await timeline(host).entries.count > 0)
        let worker = try #require(host.bundles.workers.first)
        let pid = try #require(worker.runningProcessID)
        try await Task.sleep(for: .seconds(1))
        #expect(worker.runningProcessID == pid)
        #expect(worker.idleReleaseCount == 0)
    }
}
