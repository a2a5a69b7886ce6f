import Foundation
import Logging

/// How a `BundleHost` finds bundles and calls them.
public struct HostConfiguration: Sendable {
    public var searchPath: BundleSearchPath
    public var limits: CallLimits
    public var logger: Logger
    /// The host's clock, used to stamp reload requests.
    public var clock: @Sendable () -> Date

    public init(
        searchPath: BundleSearchPath,
        limits: CallLimits = CallLimits(),
        logger: Logger = Logger(label: "widgethost"),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.searchPath = searchPath
        self.limits = limits
        self.logger = logger
        self.clock = clock
    }
}
