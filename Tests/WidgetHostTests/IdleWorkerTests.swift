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
    /// A host over a private copy of the Pillar sample, in worker mode.
    private func host(idleTimeout: TimeInterval?) throws -> BundleHost {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-idle")
        try FileManager.default.copyItem(
            at: TestPaths.binDirectory.appendingPathComponent("libPillarWidget.so"),
            to: folder.appendingPathComponent("libPillarWidget.so"))
        var settings = WorkerSettings()
        settings.idleTimeout = idleTimeout
        return BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            storeLocation: TestStore.temporaryLocation(), isolation: .worker(settings)))
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

    @Test("An idle worker is let go, its process ends, and the next call starts it again")
    func idleWorkerIsReleasedAndRestarted() async throws {
        let host = try host(idleTimeout: 0.3)
        defer { host.stopWorkers() }
        #expect(try await timeline(host).entries.count > 0)
        let worker = try #require(host.bundles.workers.first)
        let firstPID = try #require(worker.runningProcessID, "the call left no worker running")

        #expect(await eventually(within: 10) { worker.runningProcessID == nil }, "the idle worker was never let go")
        #expect(worker.idleReleaseCount == 1)
        #expect(await eventually(within: 5) { !processExists(firstPID) }, "the released worker's process \(firstPID) did not end")

        #expect(try await timeline(host).entries.count > 0)
        let secondPID = try #require(worker.runningProcessID, "the next call started no worker")
        #expect(secondPID != firstPID)
        // Let go for idleness is no failure: nothing to back off from, nothing recorded.
        #expect(worker.lastFailure() == nil)
        #expect(host.registry.allRecords.allSatisfy { $0.lastError == nil })
    }

    @Test("A worker kept busy is not let go; one that is never called is")
    func busyWorkerStays() async throws {
        let host = try host(idleTimeout: 0.5)
        defer { host.stopWorkers() }
        #expect(try await timeline(host).entries.count > 0)
        let worker = try #require(host.bundles.workers.first)
        let pid = try #require(worker.runningProcessID)
        // A call every 0.1 s for twice the timeout: the same process answers them all.
        for _ in 0..<10 {
            try await Task.sleep(for: .milliseconds(100))
            #expect(try await timeline(host).entries.count > 0)
        }
        #expect(worker.runningProcessID == pid)
        #expect(worker.idleReleaseCount == 0)
        // Then nothing: it goes.
        #expect(await eventually(within: 10) { worker.runningProcessID == nil })
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
