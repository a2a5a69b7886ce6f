import Foundation

/// The misbehaving bundles of Tests/Fixtures, compiled from their C sources once per test run by
/// scripts/build-fixtures.sh.
public enum FixtureBundles {
    /// The folder holding every fixture `.so`; built on first use.
    public static func directory() throws -> URL {
        try built.get()
    }

    /// One fixture, e.g. `bundle("never_completes")`.
    public static func bundle(_ name: String) throws -> URL {
        try directory().appendingPathComponent("\(name).so")
    }

    private static let built: Result<URL, any Error> = Result {
        let directory = try TestPaths.makeTemporaryDirectory("widgethost-fixtures")
        let script = TestPaths.packageRoot.appendingPathComponent("scripts/build-fixtures.sh")
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), [script.path, directory.path])
        guard result.status == 0 else { throw FixtureBuildError(output: result.standardError) }
        return directory
    }
}

public struct FixtureBuildError: Error, CustomStringConvertible {
    public let output: String
    public var description: String { "building a test fixture failed:\n\(output)" }
}
