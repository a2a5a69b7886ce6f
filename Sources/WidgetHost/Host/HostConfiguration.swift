import Foundation
import Logging
import WidgetStore

/// How a `BundleHost` finds bundles and calls them.
public struct HostConfiguration: Sendable {
    public var searchPath: BundleSearchPath
    public var limits: CallLimits
    public var logger: Logger
    /// The host's clock, used to stamp reload requests.
    public var clock: @Sendable () -> Date
    /// Where the shared store (App Groups, reload requests) is; opened on first use.
    public var storeLocation: StoreLocation

    public init(
        searchPath: BundleSearchPath,
        limits: CallLimits = CallLimits(),
        logger: Logger = Logger(label: "widgethost"),
        clock: @escaping @Sendable () -> Date = { Date() },
        storeLocation: StoreLocation = .resolve()
    ) {
        self.storeLocation = storeLocation
        self.searchPath = searchPath
        self.limits = limits
        self.logger = logger
        self.clock = clock
    }
}
