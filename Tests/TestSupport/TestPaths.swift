import Foundation
import WidgetPayload

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

    /// A new folder holding copies of the sample bundles named, each with what ships with it
    /// (its SwiftPM resources: catalog, entitlements, Info.plist), as an installed folder would.
    public static func folderOfSamples(_ products: [String], prefix: String) throws -> URL {
        let folder = try makeTemporaryDirectory(prefix)
        for product in products {
            try copyBundle(sampleBundle(product), into: folder)
        }
        return folder
    }

    /// Copies the bundle at `library` into `folder` under its own name, with what ships with
    /// it (`BundleAssetFolder.shipped`): a sample's groups come from its entitlements there.
    public static func copyBundle(_ library: URL, into folder: URL) throws {
        try FileManager.default.copyItem(at: library, to: folder.appendingPathComponent(library.lastPathComponent))
        for shipped in BundleAssetFolder.shipped(beside: library) {
            let destination = folder.appendingPathComponent(shipped.lastPathComponent)
            if !FileManager.default.fileExists(atPath: destination.path) {
                try FileManager.default.copyItem(at: shipped, to: destination)
            }
        }
    }
}
