import Foundation
import TestSupport
import Testing

/// Runs the built `widgethost` from an empty working folder, so only the folders a test names
/// and the executable's own folder (where the samples are) are searched. The shared store is a
/// fresh temporary one unless `extra` names one with WIDGETHOST_DATA_DIR.
///
/// The wait happens off the cooperative pool (`offThePool`): ninety CLI tests blocking its two
/// threads in turn kept every other suite's tasks waiting for most of a run.
func widgethost(_ arguments: String..., environment extra: [String: String] = [:]) async throws -> ProcessResult {
    try await widgethost(arguments, environment: extra)
}

func widgethost(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> ProcessResult {
    var environment = ProcessInfo.processInfo.environment
    environment["WIDGETHOST_PATH"] = nil
    environment["WIDGETHOST_DATA_DIR"] = TestStore.temporaryLocation().directory.path
    environment.merge(extra) { $1 }
    let folder = try TestPaths.makeTemporaryDirectory("widgethost-cli")
    return try await offThePool { [environment] in
        cliRuns.wait()
        defer { cliRuns.signal() }
        return try ProcessRunner.run(TestPaths.cli, arguments, environment: environment, workingDirectory: folder)
    }
}

/// At most two CLI runs at once, as when each held a pool thread: every run starts workers, and
/// dozens at once on two cores made the timing of every other suite's calls meaningless.
private let cliRuns = DispatchSemaphore(value: 2)

/// Parses standard output as JSON.
func json(_ result: ProcessResult) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
}
