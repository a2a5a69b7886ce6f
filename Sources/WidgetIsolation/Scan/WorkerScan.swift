import Foundation
import Synchronization
import WidgetStoreModel
import WidgetHostCore
import WidgetPayload

/// Reads every bundle's descriptors in a worker of its own, all at once; the workers then stay
/// to serve the bundle's calls. A bundle whose worker dies while scanning is remembered as
/// broken (`BrokenBundleMemory`) and skipped until its file changes.
struct WorkerScan {
    let settings: WorkerSettings
    let limits: CallLimits
    let storeLocation: StoreLocation
    let events: WorkerEvents
    let memory: BrokenBundleMemory
    let cache: BundleCache
    /// Scan every file, whatever the cache says (and rewrite it).
    let rescan: Bool
    /// The ABI the workers speak to their bundles (`HostConfiguration.abiVersion`).
    var abiVersion: ABIVersion = .host
    /// The host's clock, which each worker's restart backoff and idle release wait on.
    var clock: any HostClock = SystemClock()
    /// When the host will next call each kind: an idle worker whose next call is near stays.
    var plannedCalls = PlannedCalls()

    /// What each worker may reach.
    var planner: WorkerSandboxPlanner {
        WorkerSandboxPlanner(storeLocation: storeLocation, sandboxed: settings.sandboxed, landlock: landlock, listing: listing)
    }
    /// The kernel's Landlock, probed once per scan.
    let landlock = Landlock.abiVersion()
    /// The bundle folders' resource folders, shared by every planner of this scan.
    let listing = ResourceFolderListing()

    func scan(_ files: [DiscoveredFile]) -> [BundleReport] {
        let reports = Mutex([BundleReport?](repeating: nil, count: files.count))
        let identities = Mutex([String?](repeating: nil, count: files.count))
        Self.concurrentlyPerform(iterations: files.count) { index in
            let identity = BundleDiscovery.identity(of: files[index].path)
            let report = scan(files[index], identity: identity)
            reports.withLock { $0[index] = report }
            identities.withLock { $0[index] = identity }
        }
        cache.retain(only: Set(identities.withLock { $0.compactMap { $0 } }))
        cache.saveIfChanged()
        return reports.withLock { $0.compactMap { $0 } }
    }

    /// `body` for each index from 0 to `iterations`, on as many threads as the machine has cores;
    /// returns once every one has run. Threads of its own rather than
    /// `DispatchQueue.concurrentPerform`, which runs on libdispatch's pool and so starts its
    /// monitor: a wake-up a second for the rest of the process, from a daemon's first scan on.
    static func concurrentlyPerform(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = Atomic<Int>(0)
        let threadCount = min(iterations, ProcessInfo.processInfo.activeProcessorCount)
        guard threadCount > 1 else {
            for index in 0..<iterations { body(index) }
            return
        }
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<threadCount {
            Thread {
                ThreadName.setCurrent("wh.scan")
                while case let index = next.add(1, ordering: .relaxed).oldValue, index < iterations { body(index) }
                finished.signal()
            }.start()
        }
        for _ in 0..<threadCount { finished.wait() }
    }

    /// - Parameter identity: the file's real path (`BundleDiscovery.identity(of:)`), the cache's key.
    private func scan(_ file: DiscoveredFile, identity: String) -> BundleReport {
        let origin = file.location.origin
        if let broken = memory.entry(for: file.path) {
            return BundleReport(path: file.path, origin: origin, status: .failed, bundle: nil, issues: [.knownBroken(broken.failure, since: broken.at)])
        }
        let stamp = FileStamp(path: identity)
        // Its entitlements and Info.plist may be in SwiftPM's resource folder, which changes the key.
        let resourceFolder = planner.resourceFolder(forBundleAt: identity)
        // A warm cache: the descriptors without opening the file; the worker starts at the first call.
        // The cache is keyed by the headers' ABI, so a host playing another one scans afresh.
        let cached = !rescan && abiVersion == .host ? stamp.flatMap { cache.report(for: identity, stamp: $0, resourceFolder: resourceFolder) } : nil
        let worker = BundleWorker(
            configuration: WorkerConfiguration(
                bundlePath: file.path, limits: limits, sandbox: nil, resourceLimits: settings.resourceLimits,
                abiVersion: abiVersion),
            settings: settings, events: events, planner: planner, clock: clock, plannedCalls: plannedCalls,
            declared: cached?.bundle)
        if let cached { return report(cached, for: file, worker: worker) }
        switch worker.start() {
        case .failure(let failure):
            if case .spawnFailed = failure {} else { memory.remember(file.path, failure: failure) }
            return BundleReport(path: file.path, origin: origin, status: .failed, bundle: nil, issues: [.scanFailed(failure)])
        case .success(let scanned):
            memory.forget(file.path)
            if let stamp, abiVersion == .host { cache.store(scanned, for: identity, stamp: stamp, resourceFolder: resourceFolder) }
            if scanned.status != .loaded { worker.stop() }
            return report(scanned, for: file, worker: worker)
        }
    }

    /// The worker loaded the file as `BundleLoader` would here; `BundleReport(file:loading:)`
    /// says what that means.
    private func report(_ scanned: WorkerScanReport, for file: DiscoveredFile, worker: BundleWorker) -> BundleReport {
        let result: Result<LoadedBundle, BundleLoadError> =
            if scanned.status == .loaded, let bundle = scanned.bundle {
                .success(loadedBundle(bundle, at: file.path, worker: worker))
            } else if let error = scanned.error {
                .failure(error)
            } else {
                // A cache written before workers left this rule to the host: "skipped" meant this.
                .failure(.missingEntrySymbol(path: file.path))
            }
        var report = BundleReport(file: file, loading: result)
        if report.status == .loaded { report.sandbox = worker.sandbox }
        return report
    }

    private func loadedBundle(_ scanned: ScannedBundle, at path: String, worker: BundleWorker) -> LoadedBundle {
        // The worker refused a bundle whose intents it could not read, so these read.
        let intents = scanned.intents.flatMap { try? IntentDeclaration.list(json: $0) } ?? []
        return LoadedBundle(
            path: path, name: scanned.name, version: scanned.version, abiVersion: scanned.abiVersion,
            // The worker validated them; a name that no longer validates here is dropped.
            appGroups: scanned.appGroups.compactMap { try? AppGroupID(validating: $0) },
            widgets: scanned.widgets.map { widget in
                WidgetDescriptor(
                    kind: widget.kind, displayName: widget.displayName, description: widget.description,
                    families: widget.families, bundleName: scanned.name, bundlePath: path, provider: worker,
                    // The worker refused a widget whose schema it could not read, so this reads.
                    configurationSchema: widget.configurationSchema.flatMap { try? ConfigurationSchema(json: $0) },
                    intents: intents)
            },
            sdkVersion: scanned.sdkVersion, usesNetwork: scanned.usesNetwork ?? true)
    }
}
