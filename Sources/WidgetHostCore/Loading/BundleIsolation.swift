import Logging
import WidgetPayload
import WidgetStoreModel

/// Where bundles run, and how a discovered file becomes a loaded bundle whose providers the
/// host can call: in the host's own process (`.inProcess`, here), or one worker process per
/// bundle (`.worker(_:)`, in WidgetIsolation). `HostConfiguration.isolation` picks one.
public protocol BundleIsolation: Sendable {
    /// Loads every file, one bad file never stopping the others: one report per file, built
    /// with `BundleReport(file:loading:)` wherever a load result is at hand, so the rules of
    /// what a result means hold the same in every isolation.
    func load(_ files: [DiscoveredFile], in environment: BundleEnvironment) -> [BundleReport]
}

/// What a host hands the isolation that loads its bundles.
public struct BundleEnvironment: Sendable {
    public let limits: CallLimits
    public let storeLocation: StoreLocation
    public let logger: Logger
    /// Load every file afresh, whatever a cache of earlier loads says (and rewrite the cache).
    public let rescan: Bool
    /// The ABI version the host tells bundles it speaks (`HostConfiguration.abiVersion`).
    public let abiVersion: ABIVersion
    /// The host's clock: what a worker's restart backoff and idle release wait on.
    public let clock: any HostClock
    /// When the host will next call each kind (`BundleHost.plannedCalls`).
    public let plannedCalls: PlannedCalls
    /// Receives what bundles say through their host services.
    package let services: any BundleServicesDelegate
    /// Records a completion a provider got wrong against its kind and family.
    package let recordViolation: @Sendable (_ kind: String, _ family: WidgetFamily, CompletionViolation) -> Void
    /// Records a perform completion a bundle got wrong (ABI 1.4's intents).
    package let recordIntentViolation: @Sendable (IntentCompletionViolation) -> Void

    package init(
        limits: CallLimits, storeLocation: StoreLocation, logger: Logger, rescan: Bool, abiVersion: ABIVersion,
        services: any BundleServicesDelegate,
        recordViolation: @escaping @Sendable (_ kind: String, _ family: WidgetFamily, CompletionViolation) -> Void,
        recordIntentViolation: @escaping @Sendable (IntentCompletionViolation) -> Void = { _ in },
        clock: any HostClock = SystemClock(),
        plannedCalls: PlannedCalls = PlannedCalls()
    ) {
        self.clock = clock
        self.plannedCalls = plannedCalls
        self.recordIntentViolation = recordIntentViolation
        self.limits = limits
        self.storeLocation = storeLocation
        self.logger = logger
        self.rescan = rescan
        self.abiVersion = abiVersion
        self.services = services
        self.recordViolation = recordViolation
    }
}

/// Bundles loaded into the host process: fastest, and what a debugger wants, but a bundle that
/// crashes takes the host with it. Only for bundles you trust.
public struct InProcessIsolation: BundleIsolation {
    public init() {}

    public func load(_ files: [DiscoveredFile], in environment: BundleEnvironment) -> [BundleReport] {
        let loader = BundleLoader(delegate: environment.services, abiVersion: environment.abiVersion)
        return files.map { BundleReport(file: $0, loading: loader.load($0.path)) }
    }
}

extension BundleIsolation where Self == InProcessIsolation {
    /// Bundles in the host's own process; see `InProcessIsolation`.
    public static var inProcess: InProcessIsolation { InProcessIsolation() }
}
