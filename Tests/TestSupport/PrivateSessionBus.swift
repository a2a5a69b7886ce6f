#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// A session bus of the test's own: `dbus-daemon --session` on a socket nobody else knows,
/// killed when this object goes away. What the D-Bus tests give the daemon and `busctl`
/// (`environment`), so they never touch the user's bus, nor each other's.
public final class PrivateSessionBus: Sendable {
    /// The bus's address, as DBUS_SESSION_BUS_ADDRESS takes it.
    public let address: String
    private let socketPath: String
    private let process: Process

    /// Starts the bus; it listens once `waitUntilListening` returns.
    public init() throws {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-bus")
        socketPath = folder.appendingPathComponent("bus").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--nosyslog", "--address=unix:path=\(socketPath)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        address = "unix:path=\(socketPath)"
        self.process = process
    }

    /// Returns once the bus's socket exists, which dbus-daemon makes when it listens.
    public func waitUntilListening() async throws {
        try await waitUntil("dbus-daemon listening at \(socketPath)") { FileManager.default.fileExists(atPath: socketPath) }
    }

    /// The environment a client of this bus needs.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// `busctl --address=… ARGUMENTS` (with `--json=short` when asked), run to its end.
    public func busctl(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/busctl"), ["--address=\(address)"] + arguments)
    }

    /// `gdbus call --address=… --dest D --object-path P --method M ARGUMENTS` (GVariant text),
    /// run to its end: unlike busctl, it names a failed call's error (`GDBus.Error:NAME: message`).
    public func gdbusCall(_ destination: String, _ path: String, _ method: String, _ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/gdbus"),
            ["call", "--address", address, "--dest", destination, "--object-path", path, "--method", method] + arguments)
    }

    deinit {
        // SIGKILL: a session dbus-daemon outlives SIGTERM (it only ends with its session).
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

