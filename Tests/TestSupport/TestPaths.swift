import Foundation

/// Where the package, its build products and its fixtures are, seen from a test.
public enum TestPaths {
    /// The package's root folder.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The build folder holding the test runner, the CLI and the sample bundles.
    public static var binDirectory: URL {
        Bundle.main.executableURL!.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The built `widgethost` executable.
    public static var cli: URL { binDirectory.appendingPathComponent("widgethost") }

    /// A sample bundle built by `swift build`, e.g. `sampleBundle("MoviePlannerWidget")`.
    public static func sampleBundle(_ product: String) -> URL {
        binDirectory.appendingPathComponent("lib\(product).so")
    }

    /// A new empty folder under the system's temporary folder.
    public static func makeTemporaryDirectory(_ prefix: String = "widgethost-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A new folder holding copies of the sample bundles named, with MoviePlanner's assets
    /// beside them (its SwiftPM resources folder), as an installed folder would.
    public static func folderOfSamples(_ products: [String], prefix: String) throws -> URL {
        let folder = try makeTemporaryDirectory(prefix)
        for product in products {
            let bundle = sampleBundle(product)
            try FileManager.default.copyItem(at: bundle, to: folder.appendingPathComponent(bundle.lastPathComponent))
        }
        let resources = "widgethost_MoviePlannerWidget.resources"
        try FileManager.default.copyItem(
            at: binDirectory.appendingPathComponent(resources), to: folder.appendingPathComponent(resources))
        return folder
    }
}
