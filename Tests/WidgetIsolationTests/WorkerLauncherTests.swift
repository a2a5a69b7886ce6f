import Foundation
import Glibc
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetIsolation

/// Workers forked by the host's fork server (`WorkerSettings.usesForkServer`, the default) are
/// the same workers as spawned ones: the host's own children, in a process group of their own,
/// serving their bundle. A fork server that dies is replaced by spawning.
///
/// The first two starts of a host spawn their workers (the second also the server), so each
/// test looks at a later worker; a host that starts one worker has no server.
@Suite("Worker launcher")
struct WorkerLauncherTests {
    /// A host in worker mode over a private copy of the sample `library` (Pillar by default).
    private func host(usesForkServer: Bool, library name: String = "libPillarWidget.so") throws -> (BundleHost, WorkerSettings) {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-launcher")
        let library = TestPaths.binDirectory.appendingPathComponent(name)
        try FileManager.default.copyItem(at: library, to: folder.appendingPathComponent(library.lastPathComponent))
        var settings = WorkerSettings()
        settings.usesForkServer = usesForkServer
        let host = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: .hangGuard, storeLocation: TestStore.temporaryLocation(), isolation: .worker(settings)))
        return (host, settings)
    }

    private func timeline(_ host: BundleHost) async throws -> WidgetTimeline {
        try await host.timeline(for: try host.widget(kind: "PillarWidget"), in: CallContext(family: .systemSmall, now: Date()))
    }

    /// Stops the worker and waits until it is gone, so that the next call starts another.
    private func stopWorker(of host: BundleHost) async throws -> BundleWorker {
        let worker = try #require(host.bundles.workers.first)
        host.stopWorkers()
        try await waitUntil("the stopped worker to be gone") { worker.runningProcessID == nil }
        return worker
    }

    /// Calls, stopping the worker between calls, until the worker serving the call was forked
    /// by the fork server, or three workers have started: a host's first two starts spawn their
    /// workers (the second also the server; a bundle with App Groups makes both at its scan).
    private func laterWorker(of host: BundleHost) async throws -> (BundleWorker, pid_t) {
        #expect(try await timeline(host).entries.count > 0)
        var worker = try #require(host.bundles.workers.first)
        for _ in 0..<3 {
            if try commandLine(of: try #require(worker.runningProcessID)).contains(WorkerForkServer.argument) { break }
            worker = try await stopWorker(of: host)
            #expect(try await timeline(host).entries.count > 0)
        }
        return (worker, try #require(worker.runningProcessID))
    }

    /// The parent and process group of `pid`, from /proc (fields 4 and 5 of `stat`, after the
    /// command name in parentheses).
    private func parentAndGroup(of pid: pid_t) throws -> (parent: pid_t, group: pid_t) {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ")
        return (pid_t(fields[1])!, pid_t(fields[2])!)
    }

    private func commandLine(of pid: pid_t) throws -> [String] {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
        return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("A worker forked by the fork server is the host's child, in its own process group, and serves its bundle",
          arguments: [true, false])
    func forkedWorkerIsTheHostsChild(usesForkServer: Bool) async throws {
        let (host, settings) = try host(usesForkServer: usesForkServer)
        defer { host.stopWorkers() }
        let (_, pid) = try await laterWorker(of: host)
        let (parent, group) = try parentAndGroup(of: pid)
        #expect(parent == getpid(), "the host reaps it and reads how it ended")
        #expect(group == pid)
        // A forked worker keeps the server's command line; a spawned one has its configuration.
        #expect(try commandLine(of: pid).contains(WorkerForkServer.argument) == usesForkServer)
        #expect((settings.launcher.forkServerProcessID != nil) == usesForkServer)
    }

    @Test("A host that has started one worker has no fork server")
    func oneWorkerNoServer() async throws {
        // MoviePlanner declares no App Group: its scan starts one worker, not two.
        let (host, settings) = try host(usesForkServer: true, library: "libMoviePlannerWidget.so")
        defer { host.stopWorkers() }
        let widget = try host.widget(kind: "MoviePlannerWidget")
        #expect(try await host.timeline(for: widget, in: CallContext(family: .systemSmall, now: Date())).entries.count > 0)
        #expect(settings.launcher.forkServerProcessID == nil)
    }

    @Test("A worker forked by the fork server that crashes is reported as crashed by its signal, as a spawned one")
    func forkedWorkerCrashIsReported() async throws {
        let (host, _) = try host(usesForkServer: true)
        defer { host.stopWorkers() }
        let (worker, pid) = try await laterWorker(of: host)
        #expect(try commandLine(of: pid).contains(WorkerForkServer.argument))
        Glibc.kill(pid, SIGSEGV)
        try await waitUntil("the killed worker's failure to be recorded") { worker.lastFailure() != nil }
        #expect(worker.lastFailure() == .crashed(signal: SIGSEGV))
    }

    @Test("When the fork server dies, the next worker is spawned and serves its bundle")
    func deadForkServerIsReplacedBySpawning() async throws {
        let (host, settings) = try host(usesForkServer: true)
        defer { host.stopWorkers() }
        _ = try await laterWorker(of: host)
        let server = try #require(settings.launcher.forkServerProcessID)
        Glibc.kill(server, SIGKILL)
        let worker = try await stopWorker(of: host)

        #expect(try await timeline(host).entries.count > 0)
        let pid = try #require(worker.runningProcessID)
        #expect(try !commandLine(of: pid).contains(WorkerForkServer.argument), "spawned, not forked")
        #expect(settings.launcher.forkServerProcessID == nil)
    }
}
