import Foundation
import Synchronization
import WidgetStore

/// Reads every bundle's descriptors in a worker of its own, all at once; the workers then stay
/// to serve the bundle's calls. A bundle whose worker dies while scanning is remembered as
/// broken (`BrokenBundleMemory`) and skipped until its file changes.
struct WorkerScan {
    let settings: WorkerSettings
    let limits: CallLimits
    let storeLocation: StoreLocation
    let events: WorkerEvents
    let memory: BrokenBundleMemory

    func scan(_ files: [DiscoveredFile]) -> [BundleReport] {
        let reports = Mutex([BundleReport?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let report = scan(files[index])
            reports.withLock { $0[index] = report }
        }
        return reports.withLock { $0.compactMap { $0 } }
    }

    private func scan(_ file: DiscoveredFile) -> BundleReport {
        let origin = file.location.origin
        if let broken = memory.entry(for: file.path) {
            return BundleReport(path: file.path, origin: origin, status: .failed, bundle: nil, issues: [.knownBroken(broken.failure, since: broken.at)])
        }
        let worker = BundleWorker(
            configuration: WorkerConfiguration(
                bundlePath: file.path, namedByUser: file.location.isNamedByUser, limits: limits,
                storeDirectory: storeLocation.directory.path, resourceLimits: settings.resourceLimits),
            settings: settings, events: events)
        switch worker.start() {
        case .failure(let failure):
            if case .spawnFailed = failure {} else { memory.remember(file.path, failure: failure) }
            return BundleReport(path: file.path, origin: origin, status: .failed, bundle: nil, issues: [.scanFailed(failure)])
        case .success(let report):
            memory.forget(file.path)
            guard report.status == .loaded, let scanned = report.bundle else {
                worker.stop()
                return BundleReport(path: file.path, origin: origin, status: report.status, bundle: nil, issues: report.error.map { [.load($0)] } ?? [])
            }
            return BundleReport(path: file.path, origin: origin, status: .loaded, bundle: loadedBundle(scanned, at: file.path, worker: worker), issues: [])
        }
    }

    private func loadedBundle(_ scanned: ScannedBundle, at path: String, worker: BundleWorker) -> LoadedBundle {
        LoadedBundle(
            path: path, name: scanned.name, version: scanned.version, abiVersion: scanned.abiVersion,
            // The worker validated them; a name that no longer validates here is dropped.
            appGroups: scanned.appGroups.compactMap { try? AppGroupID(validating: $0) },
            widgets: scanned.widgets.map { widget in
                WidgetDescriptor(
                    kind: widget.kind, displayName: widget.displayName, description: widget.description,
                    families: widget.families, bundleName: scanned.name, bundlePath: path, provider: .worker(worker))
            })
    }
}
