import Foundation
import WidgetHostCore
import WidgetIsolation

/// The configurable C kind "ConfigurableSpot" (Tests/Fixtures/Configurable/configurable_bundle.c,
/// ABI 1.3) in a host of its own, in this process or in a worker.
public enum ConfigurableFixture {
    public static let source = "Tests/Fixtures/Configurable/configurable_bundle.c"
    public static let kind = "ConfigurableSpot"

    /// Where the host runs the bundle's calls.
    public enum Isolation: String, CaseIterable, CustomStringConvertible, Sendable {
        case inProcess, worker
        public var description: String { rawValue }
    }

    /// A host over a private copy of the fixture (or of the C fixture `source`) built with
    /// `defines` against `headers` (today's, or a frozen set such as "Tests/Fixtures/Headers/abi-1.6"):
    /// each host its own copy, as in process a file is loaded once and kept.
    /// Blocking (it compiles, and a worker scans): call it off the pool. Stop its workers when done.
    public static func host(
        _ isolation: Isolation = .inProcess, source: String = source, defines: [String] = [],
        headers: String = FixtureCompiler.currentHeaders, limits: CallLimits = .hangGuard
    ) throws -> (BundleHost, BundleReport) {
        let built = try FixtureCompiler.compile(source, defines: defines, headers: headers)
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-configurable")
        let copy = folder.appendingPathComponent(built.lastPathComponent)
        try FileManager.default.copyItem(at: built, to: copy)
        let host = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: limits,
            storeLocation: TestStore.temporaryLocation(),
            isolation: isolation == .worker ? WorkerIsolation() as any BundleIsolation : InProcessIsolation()))
        guard let report = host.bundles.reports.first(where: { $0.path == copy.path }) else {
            throw MissingReport(path: copy.path)
        }
        return (host, report)
    }

    public struct MissingReport: Error, CustomStringConvertible {
        let path: String
        public var description: String { "the host has no report for \(path)" }
    }
}
