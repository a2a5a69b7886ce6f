import Foundation
import Synchronization

/// The Swift bundles built from Tests/Fixtures/SwiftBundles, a package of their own (depending on
/// the SDK package by path), so that their .so files never sit beside the samples where every
/// host would find them. The package is built once per test run, on first use, all its
/// products at once: one build of the SDK for all of them.
public enum FixturePackage {
    /// `lib<product>.so`, e.g. `library("AppleWidget")`.
    public static func library(_ product: String) throws -> URL {
        try binFolder().appendingPathComponent("lib\(product).so")
    }

    /// The folder the package's products are built into, after building them all.
    public static func binFolder() throws -> URL {
        try built.withLock { built in
            if let built { return built }
            let result = Result { try build() }
            built = result
            return result
        }.get()
    }

    private static let built = Mutex<Result<URL, any Error>?>(nil)

    private static func build() throws -> URL {
        let package = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/SwiftBundles")
        let swift = URL(fileURLWithPath: "/usr/bin/env")
        // Without the cached build manifest: SwiftPM's cache misses a file added to the SDK
        // package (a path dependency) since the fixture's last build, and the build then fails.
        let build = try ProcessRunner.run(swift, ["swift", "build", "--package-path", package.path, "--disable-build-manifest-caching"])
        guard build.status == 0 else { throw FixtureBuildError(output: build.standardError + build.standardOutput) }
        let binPath = try ProcessRunner.run(swift, ["swift", "build", "--package-path", package.path, "--show-bin-path"])
        return URL(fileURLWithPath: binPath.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
