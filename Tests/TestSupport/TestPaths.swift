import Foundation
import Synchronization
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

    /// A new empty folder under ``temporaryRoot``, removed with it when the test process exits.
    public static func makeTemporaryDirectory(_ prefix: String = "widgethost-test") throws -> URL {
        let url = temporaryURL(prefix)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A new path under ``temporaryRoot`` that nothing uses yet, for a file or folder the caller
    /// makes. Names are numbered rather than UUIDs: the root is this process's own, and a store
    /// under it must leave room for its Unix sockets (108 bytes in all).
    public static func temporaryURL(_ prefix: String) -> URL {
        temporaryRoot.appendingPathComponent("\(prefix)-\(TemporaryRoot.nextNumber())")
    }

    /// The one folder every temporary file of this test process goes in, made on first use
    /// (`mkdtemp` under `$TMPDIR`) and removed, whole, when the process exits. Tests leaked
    /// stores, copied bundles and compiled fixtures here by the thousand before (tens of GB on
    /// a shared disk); one root makes a forgotten `removeItem` harmless.
    public static var temporaryRoot: URL { TemporaryRoot.url }

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

/// The process's temporary root and its numbering.
private enum TemporaryRoot {
    static let url: URL = {
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("wht-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else {
            fatalError("cannot make the tests' temporary folder under \(FileManager.default.temporaryDirectory.path): \(String(cString: strerror(errno)))")
        }
        let url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        atexit { TemporaryRoot.remove() }
        return url
    }()

    private static let counter = Mutex<Int>(0)

    static func nextNumber() -> Int {
        counter.withLock { value in
            value += 1
            return value
        }
    }

    /// At exit: children the tests started are gone or going, and nothing reads the root again.
    static func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
