import Foundation
import Logging
import WidgetStoreModel

/// How a `BundleHost` finds bundles and calls them.
public struct HostConfiguration: Sendable {
    public var searchPath: BundleSearchPath
    public var limits: CallLimits
    public var logger: Logger
    /// The host's clock: stamps reload requests and errors, and drives the scheduler. A
    /// `VirtualClock` in tests and simulations.
    public var clock: any HostClock
    /// The data folder: where App Groups' containers are (the folders a worker's sandbox opens to
    /// its bundle), and the bundle cache and broken-bundle records of worker mode.
    public var storeLocation: StoreLocation
    /// The store the host reads and writes: its bundles' defaults, the reload requests apps leave,
    /// the catalog it records, the instances users added. Opened by the caller, which keeps it
    /// for as long as it needs (`SharedStore` from WidgetStore, or a `LazySharedStore` that opens
    /// on first use); by default a `MemoryHostStore` on `clock`, its containers in `storeLocation`.
    public var store: any HostStore
    /// In this process (`.inProcess`), or one worker process per bundle (`.worker(_:)`, from
    /// WidgetIsolation).
    public var isolation: any BundleIsolation
    /// Worker mode: scan every bundle file, ignoring (and rewriting) the bundle cache.
    public var rescan: Bool
    /// The ABI the host speaks to bundles: offered to `wk_bundle_entry`, checked against each
    /// bundle's, put in its host services, and passed to workers. `.host`, the headers' own,
    /// except in tests that play an older host (the compatibility matrix).
    public var abiVersion: ABIVersion = .host

    public init(
        searchPath: BundleSearchPath,
        limits: CallLimits = CallLimits(),
        logger: Logger = Logger(label: "widgethost"),
        clock: any HostClock = SystemClock(),
        storeLocation: StoreLocation = .resolve(),
        store: (any HostStore)? = nil,
        isolation: any BundleIsolation = .inProcess,
        rescan: Bool = false
    ) {
        self.rescan = rescan
        self.isolation = isolation
        self.storeLocation = storeLocation
        self.store = store ?? MemoryHostStore(clock: clock, containersIn: storeLocation)
        self.searchPath = searchPath
        self.limits = limits
        self.logger = logger
        self.clock = clock
    }
}
