#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import TestSupport

/// `widgethost watch …` running as a real child process, as a panel runs it: standard output is
/// a pipe read a line at a time on a thread of its own; standard error goes to a file. Killed
/// when this object goes away, so a failing test leaves no watcher behind.
final class WatchProcess: Sendable {
    private let process: Process
    private let output = LineCollector()
    private let errorFile: URL
    private let workingDirectory: URL

    /// Runs `widgethost` with `arguments` from an empty folder, WIDGETHOST_PATH unset and
    /// WIDGETHOST_DATA_DIR set to `dataDirectory`, as the other CLI tests run it.
    init(_ arguments: [String], dataDirectory: URL) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["WIDGETHOST_PATH"] = nil
        environment["WIDGETHOST_DATA_DIR"] = dataDirectory.path
        workingDirectory = try TestPaths.makeTemporaryDirectory("widgethost-watch-cwd")
        errorFile = workingDirectory.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = TestPaths.cli
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = workingDirectory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        self.process = process
        let collector = output
        let reading = pipe.fileHandleForReading
        let reader = Thread {
            // read(2) returns whatever has arrived, as a panel's read does.
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(reading.fileDescriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    collector.append(buffer[0..<count])
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            collector.finish()
            try? reading.close()
        }
        reader.start()
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: workingDirectory)
    }

    /// Every whole line printed so far.
    var lines: [String] { output.snapshot.lines }

    /// Whether a line was left without its newline when the output ended (never, for a panel).
    var unterminated: String? { output.snapshot.unterminated }

    var standardError: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    var isRunning: Bool { process.isRunning }

    /// The first line at index `start` or later that matches, waiting up to `timeout` seconds
    /// (a bound against hanging, not a measurement).
    @discardableResult
    func waitForLine(timeout: TimeInterval, after start: Int = 0, where matches: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let snapshot = output.snapshot
            if let line = snapshot.lines.dropFirst(start).first(where: matches) { return line }
            if snapshot.ended || Date() >= deadline {
                throw WatchProcessError(waitingFor: "a line after #\(start)", exited: snapshot.ended, log: diagnostics())
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    func signal(_ signal: Int32) {
        guard process.isRunning else { return }
        _ = Glibc.kill(process.processIdentifier, signal)
    }

    /// The exit status, waiting up to `timeout` seconds for it.
    func waitForExit(timeout: TimeInterval) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else { throw WatchProcessError(waitingFor: "the exit", exited: false, log: diagnostics()) }
            try await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationStatus
    }

    var terminatedBySignal: Bool { !process.isRunning && process.terminationReason == .uncaughtSignal }

    func kill() {
        guard process.isRunning else { return }
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
    }

    func diagnostics() -> String {
        "watch \(process.arguments ?? []):\nstdout:\n\(lines.joined(separator: "\n"))\nstderr:\n\(standardError)"
    }
}

struct WatchProcessError: Error, CustomStringConvertible {
    let waitingFor: String
    let exited: Bool
    let log: String

    var description: String { "waited for \(waitingFor): \(exited ? "the output ended first" : "it did not come")\n\(log)" }
}

/// The output a line at a time, from the reading thread; all state behind one Mutex.
private final class LineCollector: Sendable {
    struct Snapshot {
        var lines: [String] = []
        var unterminated: String?
        var ended = false
    }

    private struct State {
        var pending: [UInt8] = []
        var snapshot = Snapshot()
    }

    private let state = Mutex(State())

    var snapshot: Snapshot { state.withLock { $0.snapshot } }

    func append(_ chunk: ArraySlice<UInt8>) {
        state.withLock { state in
            state.pending += chunk
            while let newline = state.pending.firstIndex(of: UInt8(ascii: "\n")) {
                state.snapshot.lines.append(String(decoding: state.pending[..<newline], as: UTF8.self))
                state.pending.removeSubrange(...newline)
            }
        }
    }

    func finish() {
        state.withLock { state in
            if !state.pending.isEmpty { state.snapshot.unterminated = String(decoding: state.pending, as: UTF8.self) }
            state.snapshot.ended = true
        }
    }
}
