import Foundation
import Synchronization

/// Bundles built from a package of their own under Tests/Fixtures (depending on the SDK package
/// by path), so that their .so files never sit beside the samples where every host would find
/// them. Each package is built once per test run, on first use.
public enum FixturePackage {
    /// `lib<product>.so` of the package in `Tests/Fixtures/<folder>`.
    public static func library(_ folder: String, product: String) throws -> URL {
        try binFolder(folder).appendingPathComponent("lib\(product).so")
    }

    /// The folder the package's products are built into, after building them all.
    public static func binFolder(_ folder: String) throws -> URL {
        let result = built.withLock { built in
            if let known = built[folder] { return known }
            let result = Result { try build(folder) }
            built[folder] = result
            return result
        }
        return try result.get()
    }

    private static let built = Mutex<[String: Result<URL, any Error>]>([:])

    private static func build(_ folder: String) throws -> URL {
        let package = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/\(folder)")
        let swift = URL(fileURLWithPath: "/usr/bin/env")
        // Without the cached build manifest: SwiftPM's cache misses a file added to the SDK
        // package (a path dependency) since the fixture's last build, and the build then fails.
        let build = try ProcessRunner.run(swift, ["swift", "build", "--package-path", package.path, "--disable-build-manifest-caching"])
        guard build.status == 0 else { throw FixtureBuildError(output: build.standardError + build.standardOutput) }
        let binPath = try ProcessRunner.run(swift, ["swift", "build", "--package-path", package.path, "--show-bin-path"])
        return URL(fileURLWithPath: binPath.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
