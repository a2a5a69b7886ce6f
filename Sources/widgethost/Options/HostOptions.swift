import ArgumentParser
import Foundation
import Logging
import WidgetHostCore
import WidgetIsolation
import WidgetStore

/// Where to find bundles and how patiently to call them.
struct HostOptions: ParsableArguments {
    @Option(name: .customLong("bundles"), help: ArgumentHelp("A folder to search for bundles, before the defaults. Repeatable.", valueName: "dir"))
    var bundleDirectories: [String] = []

    @Flag(help: "Search only --bundles and WIDGETHOST_PATH, not the default folders.")
    var noDefaultBundles = false

    @Option(
        help: OptionRange.timeout.help("Seconds to wait for any provider call (default: placeholder 2, snapshot 5, timeline 15).", valueName: "seconds"),
        transform: OptionRange.timeout.double)
    var timeout: Double?

    @Flag(name: .shortAndLong, help: "Log what bundles and the host say, to standard error.")
    var verbose = false

    @Option(help: ArgumentHelp("Where bundles run: worker (a process per bundle; a crash stays there) or in-process (faster, for debugging trusted bundles). Default: worker.", valueName: "mode"))
    var isolation: Isolation?

    @Flag(help: "Run workers without their Landlock sandbox (docs/sandbox.md): bundles can then read what you can. For debugging a bundle you trust.")
    var unsandboxed = false

    @Flag(help: "Spawn each worker afresh instead of forking it from the host's fork server (docs/isolation.md). Slower to start; for debugging the worker's own start.")
    var noForkServer = false

    @Flag(help: "Scan every bundle file again instead of trusting the bundle cache (and rewrite it).")
    var rescan = false

    @Option(help: OptionRange.workerMemory.help("A worker's memory limit in MiB (its data segment).", valueName: "MiB"), transform: OptionRange.workerMemory.integer)
    var workerMemory: Int = WorkerResourceLimits.defaults.memoryBytes.map { $0 >> 20 } ?? 1024

    @Option(help: OptionRange.workerCPU.help("A worker's CPU time limit over its life, in seconds.", valueName: "seconds"), transform: OptionRange.workerCPU.integer)
    var workerCPU: Int = WorkerResourceLimits.defaults.cpuSeconds ?? 600

    @Option(
        help: OptionRange.workerIdle.help(
            "Let a worker go after this many seconds without a call; the next call starts it again. 0 keeps every worker running.",
            valueName: "seconds"),
        transform: OptionRange.workerIdle.double)
    var workerIdle: Double = 60

    @OptionGroup var store: StoreOptions

    /// - Parameters:
    ///   - clock: the host's clock; a virtual one for `simulate`.
    ///   - hangGuard: for a host on a virtual clock: the real seconds after which a call, or a
    ///     worker's start, counts as hung. It replaces every time limit (`--timeout` included,
    ///     which can only lengthen it): a provider's real time is no virtual time, so a limit
    ///     that a slow or busy machine trips must not decide a simulated result.
    ///   - sharedStore: the store the host reads and writes; by default the one `--data-dir`
    ///     names, opened when first needed. A command that uses the store itself passes its own.
    func makeHost(
        clock: any HostClock = SystemClock(), hangGuard: TimeInterval? = nil, sharedStore: LazySharedStore? = nil
    ) -> BundleHost {
        LogSetup.bootstrap(verbose: verbose)
        var limits = CallLimits()
        if let timeout { limits = CallLimits(timeout: timeout) }
        if let hangGuard { limits = CallLimits(timeout: max(hangGuard, timeout ?? 0)) }
        let searchPath = BundleSearchPath.standard(commandLine: bundleDirectories, includeDefaults: !noDefaultBundles)
        return BundleHost(HostConfiguration(
            searchPath: searchPath, limits: limits, clock: clock, storeLocation: store.location,
            store: sharedStore ?? store.storeOnFirstUse(), isolation: isolationMode(isolation ?? .worker, hangGuard: hangGuard), rescan: rescan))
    }

    private func isolationMode(_ isolation: Isolation, hangGuard: TimeInterval?) -> any BundleIsolation {
        switch isolation {
        case .inProcess: return InProcessIsolation()
        case .worker:
            var settings = WorkerSettings(
                resourceLimits: WorkerResourceLimits(memoryBytes: workerMemory << 20, cpuSeconds: workerCPU), sandboxed: !unsandboxed,
                idleTimeout: workerIdle > 0 ? workerIdle : nil)
            settings.usesForkServer = !noForkServer
            if let hangGuard { settings.scanTimeout = max(settings.scanTimeout, hangGuard) }
            if let early = EarlyWorker.started { settings.adopt(early) }
            return WorkerIsolation(settings: settings)
        }
    }
}

/// `--isolation`.
enum Isolation: String, ExpressibleByArgument, CaseIterable {
    case worker
    case inProcess = "in-process"
}

/// Logs go to standard error, so standard output stays machine-readable.
enum LogSetup {
    static func bootstrap(verbose: Bool) {
        let level: Logger.Level = verbose ? .debug : .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
