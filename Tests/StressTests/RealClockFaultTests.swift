import Foundation
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetIsolation

/// The fault matrix's real-process cases on the system clock. The unit suite runs the matrix on
/// a virtual clock (Tests/WidgetIsolationTests/FaultMatrixTests.swift); these let real seconds
/// pass, so that the wall-clock path of the restart backoff and of the idle release is run too:
/// the system clock's alarms, real processes that crash, and workers let go and started again.
@Suite("Fault matrix on the system clock", .stressRun)
struct RealClockFaultTests {
    /// A host in worker mode over a private copy of `fixtures` and the Pillar sample, on the
    /// system clock.
    private static func host(_ fixtures: [String], settings: WorkerSettings) throws -> BundleHost {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-real-clock")
        for name in fixtures {
            try FileManager.default.copyItem(at: try FixtureBundles.bundleWaiting(name), to: folder.appendingPathComponent("\(name).so"))
        }
        // With its resources: its App Group comes from its entitlements there.
        try TestPaths.copyBundle(TestPaths.sampleBundle("PillarWidget"), into: folder)
        return BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: .hangGuard, clock: SystemClock(), storeLocation: TestStore.temporaryLocation(),
            isolation: .worker(settings)))
    }

    @Test("a crashed worker is refused until its backoff has passed in real time, then a fresh one serves")
    func backoffPassesInRealTime() async throws {
        var settings = WorkerSettings()
        settings.restartBackoff = Backoff(initial: 2, maximum: 2)
        let host = try await offThePool { [settings] in try Self.host(["segfaults"], settings: settings) }
        defer { host.stopWorkers() }
        let widget = try host.widget(kind: "Segfaults")
        let context = CallContext(family: widget.defaultFamily)
        let crashed = try await host.expectFailure(of: .timeline, kind: "Segfaults")
        guard case .worker(.crashed) = crashed.error else {
            Issue.record("expected the worker to crash, got \(crashed.error)")
            return
        }
        let refused = try await host.expectFailure(of: .placeholder, kind: "Segfaults")
        guard case .worker(.restarting(let until, _)) = refused.error else {
            Issue.record("expected restarting within the backoff, got \(refused.error)")
            return
        }
        #expect(until > Date())
        // The clock under test is the wall clock: its own alarm says when the backoff is over.
        try await SystemClock().sleep(until: until)
        #expect(Date() >= until, "the system clock's alarm fired before its deadline")
        let placeholder = try await host.placeholder(for: widget, in: context)
        #expect(placeholder.content["n"] == .integer(0))
    }

    @Test("an idle worker is let go after its idle timeout in real time, and the next call starts it again")
    func idleReleaseInRealTime() async throws {
        var settings = WorkerSettings()
        settings.idleTimeout = 1
        let host = try await offThePool { [settings] in try Self.host([], settings: settings) }
        defer { host.stopWorkers() }
        let widget = try host.widget(kind: "PillarWidget")
        let context = CallContext(family: .systemSmall)
        #expect(try await host.timeline(for: widget, in: context).entries.count > 0)
        let worker = try #require(host.bundles.workers.first)
        try await waitUntil("the idle worker to be let go") { worker.idleReleaseCount >= 1 && worker.runningProcessID == nil }
        let released = try #require(worker.lastProcessID)
        #expect(try await host.timeline(for: widget, in: context).entries.count > 0)
        #expect(worker.lastProcessID != released, "the next call reached no new worker")
        #expect(worker.lastFailure() == nil, "an idle release is no failure")
    }
}
