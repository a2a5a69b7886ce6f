import Foundation

/// The Swift fault bundle (Tests/Fixtures/SwiftFaults, a package of its own so its .so never sits
/// beside the samples), built once per test run.
public enum SwiftFaultBundle {
    /// `libSwiftFaultsWidget.so`, built on first use (about 15 s the first time).
    public static func library() throws -> URL {
        try built.get()
    }

    private static let built: Result<URL, any Error> = Result {
        let package = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/SwiftFaults")
        let swift = URL(fileURLWithPath: "/usr/bin/env")
        let build = try ProcessRunner.run(swift, ["swift", "build", "--package-path", package.path])
        guard build.status == 0 else { throw FixtureBuildError(output: build.standardError + build.standardOutput) }
        let binPath = try ProcessRunner.run(swift, ["swift", "build", "--package-path", package.path, "--show-bin-path"])
        let folder = binPath.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: folder).appendingPathComponent("libSwiftFaultsWidget.so")
    }
}
