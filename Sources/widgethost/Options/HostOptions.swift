import ArgumentParser
import Foundation
import Logging
import WidgetHost

/// Where to find bundles and how patiently to call them.
struct HostOptions: ParsableArguments {
    @Option(name: .customLong("bundles"), help: ArgumentHelp("A folder to search for bundles, before the defaults. Repeatable.", valueName: "dir"))
    var bundleDirectories: [String] = []

    @Flag(help: "Search only --bundles and WIDGETHOST_PATH, not the default folders.")
    var noDefaultBundles = false

    @Option(help: ArgumentHelp("Seconds to wait for any provider call (default: placeholder 2, snapshot 5, timeline 15).", valueName: "seconds"))
    var timeout: Double?

    @Flag(name: .shortAndLong, help: "Log what bundles and the host say, to standard error.")
    var verbose = false

    @OptionGroup var store: StoreOptions

    func validate() throws {
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout must be a positive number of seconds") }
    }

    /// - Parameter clock: the host's clock; a virtual one for `simulate`.
    func makeHost(clock: any HostClock = SystemClock()) -> BundleHost {
        LogSetup.bootstrap(verbose: verbose)
        var limits = CallLimits()
        if let timeout { limits = CallLimits(timeout: timeout) }
        let searchPath = BundleSearchPath.standard(commandLine: bundleDirectories, includeDefaults: !noDefaultBundles)
        return BundleHost(HostConfiguration(searchPath: searchPath, limits: limits, clock: clock, storeLocation: store.location))
    }
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
