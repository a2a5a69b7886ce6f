import Foundation
import WidgetHostCore

/// Where `widgethost-worker` is: `$WIDGETHOST_WORKER`, else beside the running executable (where
/// `swift build` puts both the CLI and the worker, and the test runner too).
public enum WorkerExecutable {
    public static let environmentVariable = "WIDGETHOST_WORKER"

    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let path = environment[environmentVariable], !path.isEmpty { return URL(fileURLWithPath: path) }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("widgethost-worker")
    }
}
