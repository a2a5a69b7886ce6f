import Foundation

/// Compiles C fixtures that must not sit in Tests/Fixtures/Bundles (which other suites load in
/// process whole), as scripts/build-fixtures.sh compiles the ones that do.
public enum FixtureCompiler {
    /// Today's ABI headers, from the package root.
    public static let currentHeaders = "sdk/WidgetABI/include"

    /// Compiles `source` (a C file using fixture_support.h) into `output`. The compiler's output
    /// goes to a file, not a pipe: a worker process alive meanwhile must not hold our pipe open.
    /// `headers`: the folder holding `widgethost/`, from the package root (a frozen older ABI's,
    /// say, for the compatibility matrix).
    public static func compile(_ source: URL, to output: URL, defines: [String] = [], headers: String = currentHeaders) throws {
        let root = TestPaths.packageRoot
        let log = output.deletingLastPathComponent().appendingPathComponent("\(output.lastPathComponent).cc.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc", "-std=c11", "-Wall", "-Werror", "-shared", "-fPIC", "-pthread"]
            + defines.map { "-D\($0)" }
            + [
                "-I", root.appendingPathComponent(headers).path,
                "-I", root.appendingPathComponent("Tests/Fixtures/Bundles").path,
                "-o", output.path, source.path,
            ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw FixtureCompileError(source: source.path, output: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        }
    }

    /// Compiles `source`, a path from the package root, into a new folder of its own; returns
    /// the `.so`.
    public static func compile(_ source: String, defines: [String] = [], headers: String = currentHeaders) throws -> URL {
        let input = TestPaths.packageRoot.appendingPathComponent(source)
        let output = try TestPaths.makeTemporaryDirectory("widgethost-compiled-fixture")
            .appendingPathComponent(input.deletingPathExtension().lastPathComponent + ".so")
        try compile(input, to: output, defines: defines, headers: headers)
        return output
    }
}

public struct FixtureCompileError: Error, CustomStringConvertible {
    public let source: String
    public let output: String
    public var description: String { "cc failed on \(source):\n\(output)" }
}
