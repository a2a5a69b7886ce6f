import Foundation
import Glibc
import Synchronization
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetIsolation

/// Idle workers are let go (`WorkerSettings.idleTimeout`) and started again by the next call,
/// which succeeds; their end is no failure: nothing is recorded against the bundle and no
/// backoff applies.
@Suite("Idle workers")
struct IdleWorkerTests {
    /// A host in worker mode over a private copy of `library` (the Pillar sample by default), on
    /// a virtual clock: the idle timeout passes when the test advances it.
    private func host(
        idleTimeout: TimeInterval?, clock: VirtualClock,
        library: URL = TestPaths.binDirectory.appendingPathComponent("libPillarWidget.so"),
        limits: CallLimits = CallLimits()
    ) throws -> BundleHost {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-idle")
        try FileManager.default.copyItem(at: library, to: folder.appendingPathComponent(library.lastPathComponent))
        var settings = WorkerSettings()
        settings.idleTimeout = idleTimeout
        return BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: limits, clock: clock, storeLocation: TestStore.temporaryLocation(), isolation: .worker(settings)))
    }

    private func timeline(_ host: BundleHost) async throws -> WidgetTimeline {
        try await host.timeline(for: try host.widget(kind: "PillarWidget"), in: CallContext(family: .systemSmall, now: Date()))
    }

    private func processExists(_ pid: Int32) -> Bool {
        Glibc.kill(pid, 0) == 0 || errno != ESRCH
    }

    @Test("An idle worker is let go once the idle timeout has passed, its process ends, and the next call starts it again")
    func idleWorkerIsReleasedAndRestarted() async throws {
        let clock = VirtualClock(start: Date())
        let host = try host(idleTimeout: 30, clock: clock)
        defer { host.stopWorkers() }
        #expect(try await timeline(host).entries.count > 0)
        let worker = try #require(host.bundles.workers.first)
        // Armed at the scan (a worker restarted with a wider sandbox leaves its first one's
        // check behind, which finds its worker gone and leaves the new one alone).
        #expect(clock.pendingAlarmCount >= 1, "the idle check is armed")

        // Just short of the timeout, the worker stays; at it, the check lets it go at once.
        clock.advance(by: 29.999)
        #expect(worker.idleReleaseCount == 0)
        let released = try #require(worker.runningProcessID)
        clock.advance(by: 0.001)
        #expect(worker.idleReleaseCount == 1)
        #expect(worker.runningProcessID == nil)
        try await waitUntil("the released worker's process \(released) to end") { !processExists(released) }

        #expect(try await timeline(host).entries.count > 0)
        #expect(worker.lastProcessID != released, "the next call reached no new worker")
        // Let go for idleness is no failure: nothing to back off from, nothing recorded.
        #expect(worker.lastFailure() == nil)
        #expect(host.registry.allRecords.allSatisfy { $0.lastError == nil })
    }

    @Test("A worker with a call pending is not let go, however long the call takes")
    func busyWorkerStays() async throws {
        let clock = VirtualClock(start: Date())
        let host = try host(
            idleTimeout: 0.2, clock: clock, library: try await FixtureBundles.bundle("never_completes"), limits: CallLimits(timeout: 600))
        defer { host.stopWorkers() }
        let widget = try host.widget(kind: "NeverCompletes")
        let worker = try #require(host.bundles.workers.first)
        let call = Task { try? await host.timeline(for: widget, in: CallContext(family: .systemSmall, now: Date())) }
        try await waitUntil("the call to reach the worker") { worker.hasPendingCalls }
        #expect(clock.pendingAlarmCount >= 1, "the idle check armed at the scan is still to come")
        let pid = worker.runningProcessID
        // Ten idle timeouts with the call pending: the check runs, and the same worker holds it.
        clock.advance(by: 2)
        #expect(worker.hasPendingCalls)
        #expect(worker.runningProcessID == pid)
        #expect(worker.idleReleaseCount == 0)
        host.stopWorkers()
        _ = await call.value
    }

    @Test("Without an idle timeout, a worker stays and no idle check is armed")
    func noTimeoutKeepsWorkers() async throws {
        let clock = VirtualClock(start: Date())
        let host = try host(idleTimeout: nil, clock: clock)
        defer { host.stopWorkers() }
        #expect(try await timeline(host).entries.count > 0)
        let worker = try #require(host.bundles.workers.first)
        let pid = try #require(worker.runningProcessID)
        #expect(clock.pendingAlarmCount == 0)
        clock.advance(by: 86_400)
        #expect(worker.runningProcessID == pid)
        #expect(worker.idleReleaseCount == 0)
    }

    @Test("A worker whose next planned call falls inside its idle window stays; one whose next call is further off is let go")
    func plannedCallKeepsWorker() async throws {
        let clock = VirtualClock(start: Date())
        let host = try host(idleTimeout: 30, clock: clock)
        defer { host.stopWorkers() }
        let planner = FixedCallPlanner()
        host.plannedCalls.follow(planner)
        #expect(try await timeline(host).entries.count > 0)
        let worker = try #require(host.bundles.workers.first)
        let pid = try #require(worker.runningProcessID)

        // At the check (30 s idle), PillarWidget's next call is 20 s away: inside the window.
        planner.set(kind: "PillarWidget", at: clock.now.addingTimeInterval(50))
        clock.advance(by: 30)
        #expect(worker.idleKeepCount == 1)
        #expect(worker.idleReleaseCount == 0)
        #expect(worker.runningProcessID == pid)

        // The plan moved 10 minutes out: the next check lets the worker go.
        planner.set(kind: "PillarWidget", at: clock.now.addingTimeInterval(600))
        clock.advance(by: 30)
        #expect(worker.idleReleaseCount == 1)
        #expect(worker.runningProcessID == nil)
        #expect(worker.idleKeepCount == 1)

        // Another bundle's kinds count for nothing.
        #expect(try await timeline(host).entries.count > 0)
        planner.set(kind: "SomeOtherKind", at: clock.now.addingTimeInterval(40))
        planner.set(kind: "PillarWidget", at: nil)
        clock.advance(by: 30)
        #expect(worker.idleReleaseCount == 2)
    }
}

/// A `CallPlanner` whose plans the test sets.
private final class FixedCallPlanner: CallPlanner {
    private let plans = Mutex<[String: Date]>([:])

    func set(kind: String, at date: Date?) {
        plans.withLock { $0[kind] = date }
    }

    func nextPlannedCall(forKinds kinds: [String]) -> Date? {
        plans.withLock { plans in kinds.compactMap { plans[$0] }.min() }
    }
}
