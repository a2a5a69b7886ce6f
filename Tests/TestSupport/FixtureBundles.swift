import Foundation

/// The misbehaving bundles of Tests/Fixtures, compiled from their C sources once per test run by
/// scripts/build-fixtures.sh.
///
/// Awaited, not waited for: the first use compiles every fixture, which takes a minute on a busy
/// machine, and a test that blocked a thread of the cooperative pool that long (two threads on a
/// 2-core machine) stalled every other suite's tasks with it: an in-process FishGo perform once
/// found no thread for 60 s and failed as "no answer".
public enum FixtureBundles {
    /// The folder holding every fixture `.so`; built on first use.
    public static func directory() async throws -> URL {
        try await building.value()
    }

    /// One fixture, e.g. `bundle("never_completes")`.
    public static func bundle(_ name: String) async throws -> URL {
        try await directory().appendingPathComponent("\(name).so")
    }

    /// `directory()`, for code already on a thread of its own (a `BackgroundBuild`'s body,
    /// `offThePool`): it blocks its thread until the fixtures are built. A test's own code
    /// awaits `directory()` instead; a shared fixture a suite builds once is a `BackgroundBuild`.
    public static func directoryWaiting() throws -> URL {
        try building.waitedValue()
    }

    /// `bundle(_:)`, for code already on a thread of its own: it blocks until the fixtures are built.
    public static func bundleWaiting(_ name: String) throws -> URL {
        try directoryWaiting().appendingPathComponent("\(name).so")
    }

    private static let building = BackgroundBuild { try build() }

    private static func build() throws -> URL {
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
