import Foundation
import WidgetStoreModel
import WidgetHostCore
/// One worker process per bundle (the default for `widgethost run`): a bundle that crashes,
/// exits, hangs or eats memory loses its worker, not the host, and the worker is restarted.
/// Every file is scanned by a worker of its own, all at once (`WorkerScan`), and the worker
/// stays to serve the bundle's calls.
public struct WorkerIsolation: BundleIsolation {
    public var settings: WorkerSettings
    /// Whether this host has said that its workers run unsandboxed.
    private let sandboxWarning = OneTimeWarning()

    public init(settings: WorkerSettings = WorkerSettings()) {
        self.settings = settings
    }

    public func load(_ files: [DiscoveredFile], in environment: BundleEnvironment) -> [BundleReport] {
        var events = WorkerEvents(services: environment.services, violation: environment.recordViolation, logger: environment.logger)
        events.intentViolation = environment.recordIntentViolation
        events.sandboxWarning = sandboxWarning
        let records = settings.scanRecordFolder.map { StoreLocation(directory: $0) } ?? environment.storeLocation
        return WorkerScan(
            settings: settings, limits: environment.limits, storeLocation: environment.storeLocation,
            events: events, memory: BrokenBundleMemory(location: records),
            cache: BundleCache(location: records), rescan: environment.rescan,
            abiVersion: environment.abiVersion, clock: environment.clock, plannedCalls: environment.plannedCalls
        ).scan(files)
    }
}

extension BundleIsolation where Self == WorkerIsolation {
    /// One worker process per bundle, under `settings`; see `WorkerIsolation`.
    public static func worker(_ settings: WorkerSettings = WorkerSettings()) -> WorkerIsolation {
        WorkerIsolation(settings: settings)
    }
}
