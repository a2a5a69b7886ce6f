import Foundation
import TestSupport
import Testing

/// Runs the built `widgethost` from an empty working folder, so only the folders a test names
/// and the executable's own folder (where the samples are) are searched. The shared store is a
/// fresh temporary one unless `extra` names one with WIDGETHOST_DATA_DIR.
func widgethost(_ arguments: String..., environment extra: [String: String] = [:]) throws -> ProcessResult {
    try widgethost(arguments, environment: extra)
}

func widgethost(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ProcessResult {
    var environment = ProcessInfo.processInfo.environment
    environment["WIDGETHOST_PATH"] = nil
    environment["WIDGETHOST_DATA_DIR"] = TestStore.temporaryLocation().directory.path
    environment.merge(extra) { $1 }
    return try ProcessRunner.run(
        TestPaths.cli, arguments, environment: environment,
        workingDirectory: try TestPaths.makeTemporaryDirectory("widgethost-cli"))
}

/// Parses standard output as JSON.
func json(_ result: ProcessResult) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
}
