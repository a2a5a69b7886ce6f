import Foundation
import Logging
import WidgetStore

/// How a `BundleHost` finds bundles and calls them.
public struct HostConfiguration: Sendable {
    public var searchPath: BundleSearchPath
    public var limits: CallLimits
    public var logger: Logger
    /// The host's clock: stamps reload requests and errors, and drives the scheduler. A
    /// `VirtualClock` in tests and simulations.
    public var clock: any HostClock
    /// Where the shared store (App Groups, reload requests) is; opened on first use.
    public var storeLocation: StoreLocation
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
        isolation: any BundleIsolation = .inProcess,
        rescan: Bool = false
    ) {
        self.rescan = rescan
        self.isolation = isolation
        self.storeLocation = storeLocation
        self.searchPath = searchPath
        self.limits = limits
        self.logger = logger
        self.clock = clock
    }
}
