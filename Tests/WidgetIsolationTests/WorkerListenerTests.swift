import Foundation
import Glibc
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetIsolation

/// One thread reads every worker of a host (`WorkerListener`): each worker's results reach
/// its calls, a worker that dies is reaped and reported without disturbing the others, and the
/// thread ends once the last worker has.
@Suite("Worker listener")
struct WorkerListenerTests {
    static let samples = ["libPillarWidget.so", "libMoviePlannerWidget.so", "libCounterWidget.so"]
    static let kinds = ["PillarWidget", "MoviePlannerWidget", "CounterWidget"]

    /// A host in worker mode over private copies of the three samples.
    private func host() throws -> (BundleHost, WorkerSettings) {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-listener")
        for name in Self.samples {
            let library = TestPaths.binDirectory.appendingPathComponent(name)
            try FileManager.default.copyItem(at: library, to: folder.appendingPathComponent(name))
        }
        let settings = WorkerSettings()
        let host = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: .hangGuard, storeLocation: TestStore.temporaryLocation(), isolation: .worker(settings)))
        return (host, settings)
    }

    private func timeline(_ host: BundleHost, _ kind: String) async throws -> WidgetTimeline {
        try await host.timeline(for: try host.widget(kind: kind), in: CallContext(family: .systemSmall, now: Date()))
    }

    @Test("Three workers on one listener: each answers, a killed one is reaped and reported while the others answer, and the thread ends with the last worker and starts again with the next")
    func oneListenerServesEveryWorker() async throws {
        let (host, settings) = try host()
        defer { host.stopWorkers() }
        // Concurrently, so that results from several workers arrive together.
        try await withThrowingTaskGroup(of: Int.self) { group in
            for kind in Self.kinds { group.addTask { try await timeline(host, kind).entries.count } }
            for try await entries in group { #expect(entries > 0) }
        }
        #expect(settings.listener.isListening)
        #expect(settings.listener.workerCount == Self.kinds.count)

        let pillar = try #require(host.bundles.workers.first { $0.path.hasSuffix(Self.samples[0]) })
        let killed = try #require(pillar.runningProcessID)
        #expect(kill(killed, SIGKILL) == 0)
        try await waitUntil("the killed worker to be reaped") { pillar.runningProcessID == nil }
        #expect(pillar.runningProcessID == nil, "the listener saw the channel end and the worker was reaped")
        #expect(pillar.lastFailure() == .crashed(signal: SIGKILL))
        for kind in Self.kinds.dropFirst() { #expect(try await timeline(host, kind).entries.count > 0) }
        try await waitUntil("the listener to drop the killed worker") { settings.listener.workerCount == Self.kinds.count - 1 }
        #expect(settings.listener.workerCount == Self.kinds.count - 1)

        host.stopWorkers()
        try await waitUntil("the listener thread to end") { !settings.listener.isListening }
        #expect(settings.listener.workerCount == 0)
        #expect(!settings.listener.isListening, "no worker left: the thread ended")

        // The next call starts a worker, and the thread, again: at once, even while the stopped
        // workers are still being reaped (a stopped worker is let go, never sent a call).
        #expect(try await timeline(host, Self.kinds[1]).entries.count > 0)
        #expect(settings.listener.isListening)
    }
}
