#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import Synchronization
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetIsolation
import WidgetPayload
import WidgetStoreModel

/// Hosts for the fault matrix: each over a folder of its own holding copies of the fixtures it
/// needs and of the real MoviePlanner sample, so that each host sees only its own files (a file
/// is loaded once per process, and a worker scan of a shared folder would start every bundle in
/// it).
enum FaultMatrix {
    /// Seconds the host waits for every call: short, so hangs are quick to see.
    static let callTimeout = 1.5
    /// The worker's data limit: small, so the memory bomb is over quickly. The 100 MB payload
    /// still fits under it, so HugePayload shows the payload limit, not the memory limit.
    static let memoryLimit = 256 << 20
    /// Seconds the host waits for calls that should not hang.
    static let patientTimeout = 20.0
    /// The wait before a failed worker is restarted, on the host's virtual clock: a call made
    /// right after a failure sees the backoff however slow the machine, and a test passes it by
    /// advancing the clock.
    static let restartBackoff = Backoff(initial: 6, maximum: 6)
    /// The MoviePlanner sample's file.
    static let moviePlannerFile = "libMoviePlannerWidget.so"
    /// The Swift fault bundle (Tests/Fixtures/SwiftBundles/Sources/SwiftFaultsWidget).
    static let swiftFaultsFile = "libSwiftFaultsWidget.so"

    /// A file to put in a host's folder.
    enum Source: Sendable, Hashable, CustomStringConvertible {
        /// A fixture of Tests/Fixtures/Bundles, by file name without `.so`.
        case fixture(String)
        /// A file in the build folder, e.g. `libMoviePlannerWidget.so`.
        case built(String)
        /// A `.so` this run compiled from C (`compile`), copied under its own name.
        case compiled(URL)
        /// The Swift fault bundle: beside the samples if the package builds it there, else
        /// built by `SwiftFaultBundle` from its own package.
        case swiftFaults

        /// `swiftFaults` made a file.
        var resolved: Source {
            get throws {
                guard case .swiftFaults = self else { return self }
                return .compiled(try FaultMatrix.prepared.get().swiftFaults.get())
            }
        }

        var url: URL {
            get throws {
                switch self {
                case .fixture(let name): try FixtureBundles.bundleWaiting(name)
                case .built(let file): TestPaths.binDirectory.appendingPathComponent(file)
                case .compiled(let url): url
                case .swiftFaults: try resolved.url
                }
            }
        }

        var fileName: String {
            switch self {
            case .fixture(let name): "\(name).so"
            case .built(let file): file
            case .compiled(let url): url.lastPathComponent
            case .swiftFaults: FaultMatrix.swiftFaultsFile
            }
        }

        var description: String { fileName }
    }

    /// Worker settings for the matrix; a CPU limit generous enough for any well-behaved call.
    static func workerSettings(
        cpuSeconds: Int? = 120,
        memoryBytes: Int? = memoryLimit,
        executable: URL = WorkerExecutable.locate()
    ) -> WorkerSettings {
        WorkerSettings(
            executable: executable,
            resourceLimits: WorkerResourceLimits(memoryBytes: memoryBytes, cpuSeconds: cpuSeconds),
            scanTimeout: 20,
            grace: 2,
            restartBackoff: restartBackoff)
    }

    /// Everything the suite builds, built before its first host starts a worker.
    ///
    /// Workers inherit every descriptor of this process that is not close-on-exec (see
    /// docs/fault-matrix.md, "Known issues"): a worker spawned while a build's output pipe is
    /// open keeps its write end, and the build's reader then never sees the end of it. So the
    /// builds run first, and `compile` writes its output to files, never to a pipe.
    struct Prepared: Sendable {
        let crashesAtInit: URL
        let crashesAfterFirst: URL
        /// The Swift fault bundle, or why it could not be built (only its cases fail then).
        let swiftFaults: Result<URL, SwiftFaultsUnavailable>
    }

    struct SwiftFaultsUnavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// `prepared`, waited for on a thread of its own (`offThePool`). Its builds take long (the
    /// Swift bundles' package: minutes on a fresh, busy machine), and every case waiting for
    /// them on the cooperative pool's threads, or on libdispatch's global ones the pool shares,
    /// starved the other suites' tasks for as long.
    static func ready() async throws -> Prepared {
        try await offThePool { try prepared.get() }
    }

    static let prepared: Result<Prepared, any Error> = Result {
        _ = try FixtureBundles.directoryWaiting()
        let swiftFaults: Result<URL, SwiftFaultsUnavailable>
        let beside = TestPaths.binDirectory.appendingPathComponent(swiftFaultsFile)
        if FileManager.default.fileExists(atPath: beside.path) {
            swiftFaults = .success(beside)
        } else {
            do {
                swiftFaults = .success(try SwiftFaultBundle.library())
            } catch {
                swiftFaults = .failure(SwiftFaultsUnavailable(description: "the Swift fault bundle did not build: \(error)"))
            }
        }
        return Prepared(
            crashesAtInit: try compileCrashesAtInit(),
            crashesAfterFirst: try compileCrashesAfterFirstTimeline(),
            swiftFaults: swiftFaults)
    }

    /// A host over a new folder holding `sources` (and MoviePlanner unless told otherwise), on
    /// a virtual clock of its own that starts now: the restart backoff passes only when a test
    /// advances it.
    ///
    /// Made on a dispatch thread: `BundleHost.init` blocks while its workers scan, and a dozen
    /// cases doing that at once on the two threads of the cooperative pool once starved another
    /// case for longer than the restart backoff it was timing.
    static func host(
        _ sources: [Source],
        isolation: any BundleIsolation = .worker(workerSettings()),
        limits: CallLimits = CallLimits(timeout: callTimeout),
        withMoviePlanner: Bool = true,
        storeLocation: StoreLocation = TestStore.temporaryLocation(),
        clock: VirtualClock = VirtualClock(start: Date())
    ) async throws -> FaultHost {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    try blockingHost(
                        sources, isolation: isolation, limits: limits, withMoviePlanner: withMoviePlanner,
                        storeLocation: storeLocation, clock: clock)
                })
            }
        }
    }

    private static func blockingHost(
        _ sources: [Source], isolation: any BundleIsolation, limits: CallLimits, withMoviePlanner: Bool,
        storeLocation: StoreLocation, clock: VirtualClock
    ) throws -> FaultHost {
        _ = try prepared.get()
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-fault-matrix")
        let all = sources + (withMoviePlanner ? [.built(moviePlannerFile)] : [])
        for source in all {
            if case .built = source {
                // A sample comes with its resources: its App Group is in its entitlements there.
                try TestPaths.copyBundle(try source.url, into: folder)
            } else {
                try FileManager.default.copyItem(at: try source.url, to: folder.appendingPathComponent(source.fileName))
            }
        }
        let log = CapturedLog()
        let host = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: limits,
            logger: quietLogger(log),
            clock: clock,
            storeLocation: storeLocation,
            isolation: isolation))
        return FaultHost(host: host, folder: folder, log: log, clock: clock)
    }

    /// A logger that keeps what it is told to itself (crash backtraces are long).
    static func quietLogger(_ log: CapturedLog = CapturedLog()) -> Logger {
        Logger(label: "widgethost.fault-matrix") { _ in CapturingLogHandler(log: log) }
    }

    // MARK: Compiling C fixtures that must never sit in Tests/Fixtures/Bundles

    /// Tests/Fixtures/ScanCrashes/crashes_at_init.c, compiled into a new folder.
    private static func compileCrashesAtInit() throws -> URL {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-scan-crash-build")
        let output = folder.appendingPathComponent("crashes_at_init.so")
        try FixtureCompiler.compile(TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/ScanCrashes/crashes_at_init.c"), to: output)
        return output
    }

    /// A bundle whose FIRST timeline call in a process answers well and whose later ones
    /// segfault: the only way to show that a worker death keeps the last good timeline, as every
    /// crash fixture in Tests/Fixtures/Bundles crashes on its first call. Written here rather
    /// than as a file of Tests/Fixtures/Bundles because that folder is loaded in process by other
    /// suites, and this bundle must only ever run in a worker.
    private static func compileCrashesAfterFirstTimeline() throws -> URL {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-crashes-after-first")
        let source = folder.appendingPathComponent("crashes_after_first.c")
        try """
            /* The first timeline call in a process answers; every later one segfaults. */
            #include "fixture_support.h"

            #include <stdatomic.h>

            static atomic_uint timeline_calls;

            static void timeline_then_crash(FIXTURE_PROVIDER_PARAMETERS) {
                (void)widget;
                (void)context;
                if (atomic_fetch_add(&timeline_calls, 1) == 0) {
                    fixture_complete(completion, request_token, FIXTURE_VALID_TIMELINE);
                    return;
                }
                int *volatile target = NULL;
                *target = 42;
            }

            FIXTURE_FAMILIES(families, "systemSmall");
            FIXTURE_WIDGET(crashes_after_first, "CrashesAfterFirst", families,
                           fixture_placeholder_ok, fixture_snapshot_ok, timeline_then_crash);
            FIXTURE_BUNDLE("CrashesAfterFirst", fixture_init_ok, &crashes_after_first)

            """.write(to: source, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("crashes_after_first.so")
        try FixtureCompiler.compile(source, to: output)
        return output
    }
}

/// One host of the matrix, its folder, and what it logged.
struct FaultHost: Sendable {
    let host: BundleHost
    let folder: URL
    let log: CapturedLog
    /// The host's clock: the restart backoff passes when a test advances it.
    let clock: VirtualClock

    func path(of file: String) -> String {
        folder.appendingPathComponent(file).path
    }

    func report(for file: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> BundleReport {
        let path = path(of: file)
        return try #require(host.bundles.reports.first { $0.path == path }, "no report for \(path)", sourceLocation: sourceLocation)
    }

    /// The pid of the worker serving the bundle file `file`, nil while it has none.
    func workerPID(of file: String) -> pid_t? {
        worker(of: file)?.state.withLock { $0.process?.pid }
    }

    func worker(of file: String) -> BundleWorker? {
        host.bundles.workers.first { $0.path == path(of: file) }
    }

    /// Calls `kind`'s provider, expecting it to fail, and returns the failure.
    func failure(
        of call: ProviderCall, kind: String, now: Date = Date(), sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> WidgetCallFailure {
        try await host.expectFailure(of: call, kind: kind, now: now, sourceLocation: sourceLocation)
    }

    /// The timeline of a kind that must answer (`answering`).
    func timeline(_ kind: String, now: Date = Date()) async throws -> WidgetTimeline {
        let widget = try widget(kind)
        return try await answering { try await host.timeline(for: widget, in: CallContext(family: widget.defaultFamily, now: now)) }
    }

    /// The placeholder of a kind that must answer (`answering`).
    func placeholder(_ kind: String) async throws -> WidgetEntry {
        let widget = try widget(kind)
        return try await answering { try await host.placeholder(for: widget, in: CallContext(family: widget.defaultFamily)) }
    }

    /// `call`, made again while it fails only by timing out, until the tests' `hangGuard` has
    /// passed: the host's limit is short so that the faults that hang show quickly, and a call
    /// that is meant to answer must not fail on it because the machine is slow (a slow, busy
    /// machine once took longer than 1.5 s for MoviePlanner's first call beside Hangs).
    private func answering<Value>(_ call: () async throws -> Value) async throws -> Value {
        let clock = ContinuousClock()
        let deadline = clock.now + hangGuard
        while true {
            do {
                return try await call()
            } catch HostCallError.callFailed(let failure) {
                // The host's calls throw `HostCallError`: a failure caught as itself was never
                // seen here, and a slow first call failed the matrix instead of being made again.
                guard case .timedOut = failure.error, clock.now < deadline else { throw HostCallError.callFailed(failure) }
            }
        }
    }

    /// The kind's widget; when the host has none, the error says why each bundle did not load
    /// (a scan that failed under load once showed only "unknown kind").
    func widget(_ kind: String) throws -> WidgetDescriptor {
        do {
            return try host.widget(kind: kind)
        } catch {
            let reports = host.bundles.reports.map { "\($0.path): \($0.status) \($0.issues.map(\.description))" }
            throw UnknownFaultKind(error: error, reports: reports)
        }
    }

    /// The real MoviePlanner sample, in the same host, still answers with its three movies.
    func expectMoviePlannerWorks(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let timeline = try await timeline("MoviePlannerWidget")
        #expect(timeline.entries.count == 3, sourceLocation: sourceLocation)
        #expect(timeline.entries.first?.content["name"] == .string("Avengers: Infinity War"), sourceLocation: sourceLocation)
    }

    /// `kind`'s record once `isWanted` accepts it: what a worker reports about a call (a
    /// completion violation) may land after the call has returned.
    func record(
        of kind: String, family: WidgetFamily = .systemSmall, sourceLocation: SourceLocation = #_sourceLocation,
        where isWanted: @escaping (TimelineRecord) -> Bool
    ) async throws -> TimelineRecord {
        try await waitFor("\(kind)'s record to be as wanted", sourceLocation: sourceLocation) {
            host.registry.record(for: TimelineKey(kind: kind, family: family)).flatMap { isWanted($0) ? $0 : nil }
        }
    }
}

/// The lines a host logged, for checking where a bundle's own output went.
final class CapturedLog: Sendable {
    struct Line: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    private let lines = Mutex<[Line]>([])

    func append(_ line: Line) { lines.withLock { $0.append(line) } }

    var all: [Line] { lines.withLock { $0 } }
}

/// A swift-log handler that keeps every line in a `CapturedLog`.
struct CapturingLogHandler: LogHandler {
    let log: CapturedLog
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        log.append(CapturedLog.Line(
            level: event.level, message: "\(event.message)",
            metadata: merged.mapValues { "\($0)" }))
    }
}

/// A kind the fault host does not know, with every bundle's report.
struct UnknownFaultKind: Error, CustomStringConvertible {
    let error: HostCallError
    let reports: [String]

    var description: String { "\(error); the bundles: \(reports.joined(separator: "; "))" }
}
