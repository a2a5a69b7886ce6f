import Foundation
import Synchronization

/// A bundle built from a package of its own under Tests/Fixtures (depending on the SDK package by
/// path), so that its .so never sits beside the samples where every host would find it. Each
/// package is built once per test run, on first use.
public enum FixturePackage {
    /// `lib<product>.so` of the package in `Tests/Fixtures/<folder>`.
    public static func library(_ folder: String, product: String) throws -> URL {
        let key = "\(folder)/\(product)"
        let result = built.withLock { built in
            if let known = built[key] { return known }
            let result = Result { try build(folder, product: product) }
            built[key] = result
            return result
        }
        return try result.get()
    }

    private static let built = Mutex<[String: Result<URL, any Error>]>([:])

    private static func build(_ folder: String, product: String) throws -> URL {
        let package = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/\(folder)")
        let swift = URL(fileURLWithPath: "/usr/bin/env")
        let build = try ProcessRunner.run(swift, ["swift", "build", "--package-path", package.path, "--product", product])
        guard build.status == 0 else { throw FixtureBuildError(output: build.standardError + build.standardOutput) }
        let binPath = try ProcessRunner.run(swift, ["swift", "build", "--package-path", package.path, "--show-bin-path"])
        let bin = binPath.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: bin).appendingPathComponent("lib\(product).so")
    }
}
