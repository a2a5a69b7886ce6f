import Dispatch
import Foundation
import Logging
import WidgetHostCore
import WidgetIsolation
import WidgetPayload
import WidgetStore
import WidgetStoreModel

/// A conformance suite for bundle authors, in the spirit of clap-validator: loads one bundle file
/// the way the host does, calls every provider in every family, and reports each rule of the ABI
/// as a `ValidationCheck` with a fix for what is wrong.
///
/// The checks, in order (`ValidationCheck.ID`):
/// - `entry-symbol`: the file is an ELF shared object exporting `wk_bundle_entry` (read from its
///   symbol table, without running it);
/// - `abi-version`: built against an ABI this host loads;
/// - `loads`: the host loads it and its init succeeds; a worker that dies meanwhile fails it;
/// - `descriptors`: every widget has a kind, known families, and (else a warning) a display name
///   and a description;
/// - `kinds-unique`: no kind declared twice in the bundle (the loader refuses such a bundle);
/// - `app-groups`: the App Groups it declares (in its table, and in its entitlements file, in any
///   of `BundleInfoFiles`' three places) are well formed (the loader refuses it otherwise), its entitlements and Info.plist
///   read, and no declared group is a likely typo of one that holds values in the store;
/// - `placeholder-fast`: placeholder answers in every family within `placeholderBudget`;
/// - `snapshot-preview-fast`: snapshot with `isPreview` answers within `previewSnapshotBudget`;
/// - `timeline-valid`: the timeline of every family is valid: entries present, ordered and
///   finitely dated, a valid policy, within `CallLimits` (the host's `ReplyDecoder` decides);
/// - `completes-once`: no call completed twice, or after the host stopped waiting. A call that
///   timed out is made once more with `lateCompletionWindow` more patience, in a host of its
///   own, to tell a late answer (a failure here) from none at all (reported by the call's check);
/// - `completes-off-thread`: the ABI lets a provider complete from any thread. The host cannot
///   see threads, so this is the evidence of `completes-once` gathered under concurrency: every
///   family's timeline is called several times at once, for a few rounds, and each call must
///   complete exactly once;
/// - `survives`: the worker running the bundle never crashed or exited (worker isolation only);
/// - `sandbox`: the sandbox its worker runs under (docs/sandbox.md), and no shared-defaults call
///   for an App Group it does not declare (refused, and a failure with the fix: declare it). A
///   warning when the kernel has no Landlock; skipped in process, where nothing is sandboxed;
/// - `views`: every family's placeholder, snapshot and timeline views decode and draw, and every
///   asset they name exists (`ViewChecks`); entries without a view get a warning. Skipped when
///   `timeline-valid`, `completes-once` or `survives` failed: the calls would only fail again.
///
/// A check whose prerequisite failed is skipped. Run the bundle in a worker (the default) unless
/// it is trusted: in process, a bundle that crashes takes the validator with it.
public struct BundleValidator: Sendable {
    public struct Options: Sendable {
        /// The host's timeouts and payload limits, as the daemon would use them.
        public var limits = CallLimits()
        /// Where the bundle runs. For a worker, the validator restarts a worker that died at once
        /// (whatever `restartBackoff` says), to go on with the next call.
        public var isolation: any BundleIsolation = .worker()
        /// The shared store the bundle sees, opened when first needed. Nil: a new empty store in
        /// memory, its containers in a temporary folder removed afterwards, so that validating
        /// never touches the user's store.
        public var storeLocation: StoreLocation?
        public var logger: Logger = BundleValidator.quietLogger
        /// A placeholder answering later than this gets a warning.
        public var placeholderBudget: Duration = .milliseconds(100)
        /// A preview snapshot answering later than this gets a warning.
        public var previewSnapshotBudget: Duration = .milliseconds(500)
        /// How long to wait after calls for completion violations to arrive.
        public var violationWait: Duration = .milliseconds(300)
        /// Seconds past a call's timeout that the probe of a timed-out call waits.
        public var lateCompletionWindow: Double = 3
        /// `completes-off-thread`: rounds of concurrent calls, and calls per family in each.
        public var concurrentRounds = 3
        public var concurrentCallsPerFamily = 2
        /// The clock providers see; nil for now.
        public var now: Date?

        public init() {}
    }

    /// A logger that keeps the host's own complaints (a worker that crashed…) quiet: the report
    /// says it better.
    public static var quietLogger: Logger {
        var logger = Logger(label: "widgethost.validate")
        logger.logLevel = .critical
        return logger
    }

    public let options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    public var inWorker: Bool {
        options.isolation is WorkerIsolation
    }

    /// Validates the bundle file at `path`.
    /// - Throws: when the file cannot be validated at all (missing, not a file, no worker). What
    ///   is wrong with the bundle is in the report, never thrown.
    public func validate(_ path: String) async throws(BundleValidatorError) -> ValidationReport {
        let staged = try StagedBundle(path, storeLocation: options.storeLocation)
        defer { staged.remove() }
        let elf = ELFSymbolReader.inspect(staged.sourcePath, symbol: LoadChecks.entrySymbol)
        // The store the user named, or one in memory: the validator owns it for this run.
        let named = options.storeLocation.map { _ in LazySharedStore(location: staged.storeLocation) }
        let store: any HostStore = named ?? MemoryHostStore(containersIn: staged.storeLocation)
        let configuration = configuration(for: staged, store: store, limits: options.limits)
        let host = await Self.makeHost(configuration)
        defer { host.stopWorkers() }

        let report = host.bundles.reports.first { $0.path == staged.stagedPath }
        if case .scanFailed(.spawnFailed(let reason))? = report?.issues.first {
            throw .workerUnavailable(reason: reason)
        }
        var load = LoadChecks(elf: elf, report: report, logLines: host.bundleLogLines)
        // The bundle's files, read here too so that the report names them even when the loader
        // refused the bundle for them (the loader reads them beside the real file, and in its
        // resource folder as the host listed it, as here).
        load.files = Result { () throws(BundleFileError) in try BundleInfoFiles.read(besideBundle: URL(fileURLWithPath: staged.sourcePath)) }
        if let named {
            load.storedGroups = (try? named.open().groupsWithValues()) ?? []
        }
        var checks = load.checks
        if let bundle = load.bundle {
            let widgets = host.bundles.catalog.widgets.filter { $0.bundlePath == bundle.path }
            checks += await CallChecks(
                host: host, widgets: widgets, options: options, inWorker: inWorker,
                makeProbeHost: { limits in await Self.makeHost(configuration.with(limits: limits)) },
                now: options.now ?? Date()
            ).run()
            checks.append(SandboxCheck(sandbox: report?.sandbox, logLines: host.bundleLogLines, inWorker: inWorker).check)
            // Views need answers: a bundle whose calls fail would only wait out its timeouts again.
            let callFailures = checks.filter { [.timelineValid, .completesOnce, .survives].contains($0.id) && $0.status == .fail }
            if let failed = callFailures.first {
                checks.append(.skip(.views, "its calls do not answer well (see \(failed.id.rawValue))"))
            } else {
                checks.append(await ViewChecks(
                    host: host, widgets: widgets, sourcePath: staged.sourcePath,
                    appGroupContainers: staged.storeLocation.containerURLs(for: bundle.appGroups),
                    now: options.now ?? Date()
                ).run())
            }
        } else {
            let callChecks: [ValidationCheck.ID] = [
                .placeholderFast, .snapshotPreviewFast, .timelineValid, .completesOnce, .completesOffThread, .survives, .sandbox,
                .views,
            ]
            checks += callChecks.map { .skip($0, "the bundle did not load (see loads)") }
        }
        return ValidationReport(bundlePath: path, checks: checks.map { staged.unstaged($0) })
    }

    private func configuration(for staged: StagedBundle, store: any HostStore, limits: CallLimits) -> HostConfiguration {
        var isolation = options.isolation
        if var worker = isolation as? WorkerIsolation {
            worker.settings.restartBackoff = Backoff(initial: 0.001, maximum: 0.001)
            isolation = worker
        }
        return HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: staged.directory.path, origin: .commandLine)]),
            limits: limits, logger: options.logger, storeLocation: staged.storeLocation, store: store, isolation: isolation)
    }

    /// Makes the host off the caller's thread: loading blocks until every worker has scanned.
    private static func makeHost(_ configuration: HostConfiguration) async -> BundleHost {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: BundleHost(configuration)) }
        }
    }
}

extension HostConfiguration {
    fileprivate func with(limits: CallLimits) -> HostConfiguration {
        var copy = self
        copy.limits = limits
        return copy
    }
}

/// The bundle file, alone in a temporary folder (a symbolic link to it): the host searches
/// folders, and the file's own may hold other bundles, which must not be loaded with it.
///
/// The link is named `<name>.so` even when the file is not, so the host's discovery sees it.
/// `$ORIGIN` in the bundle's run path then means the temporary folder: a bundle that loads
/// libraries from beside itself that way will not find them here.
struct StagedBundle {
    /// The path as the caller gave it, for messages.
    let requestedPath: String
    /// The file, absolute.
    let sourcePath: String
    /// The temporary folder holding the link (and the containers, when the validator keeps the store in memory).
    let root: URL
    /// The folder the host searches.
    let directory: URL
    let stagedPath: String
    let storeLocation: StoreLocation
    private let ownsStore: Bool

    init(_ path: String, storeLocation: StoreLocation?) throws(BundleValidatorError) {
        let manager = FileManager.default
        let absolute = path.hasPrefix("/") ? path : manager.currentDirectoryPath + "/" + path
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: absolute, isDirectory: &isDirectory) else { throw .fileNotFound(path: path) }
        guard !isDirectory.boolValue else { throw .notAFile(path: path) }
        requestedPath = path
        sourcePath = URL(fileURLWithPath: absolute).standardizedFileURL.path
        root = manager.temporaryDirectory.appendingPathComponent("widgethost-validate-\(UUID().uuidString)", isDirectory: true)
        directory = root.appendingPathComponent("bundle", isDirectory: true)
        var name = (sourcePath as NSString).lastPathComponent
        if (name as NSString).pathExtension != BundleDiscovery.fileExtension { name += "." + BundleDiscovery.fileExtension }
        stagedPath = directory.appendingPathComponent(name).path
        ownsStore = storeLocation == nil
        self.storeLocation = storeLocation ?? StoreLocation(directory: root.appendingPathComponent("store", isDirectory: true))
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            try manager.createSymbolicLink(atPath: stagedPath, withDestinationPath: sourcePath)
        } catch {
            try? manager.removeItem(at: root)
            throw .cannotStage(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Removes the temporary folder, and any mark a crash left in a store the caller named.
    func remove() {
        if !ownsStore { BrokenBundleMemory(location: storeLocation).forget(stagedPath) }
        try? FileManager.default.removeItem(at: root)
    }

    /// The check with the link's path replaced by the file's, as the caller named it.
    func unstaged(_ check: ValidationCheck) -> ValidationCheck {
        func replace(_ text: String) -> String { text.replacingOccurrences(of: stagedPath, with: requestedPath) }
        return ValidationCheck(check.id, check.status, replace(check.message), fix: check.fix.map(replace))
    }
}
