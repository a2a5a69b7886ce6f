#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import TestSupport
import Testing

/// `widgethost watch …` running as a real child process, as a panel runs it: standard output is
/// a pipe read a line at a time on a thread of its own; standard error goes to a file. Waits
/// are woken by each line and by the exit (the shared `EventLog`), never by a timer. Killed
/// when this object goes away, so a failing test leaves no watcher behind.
final class WatchProcess: Sendable {
    private let process: Process
    private let output = LineCollector()
    /// The exit, appended by Foundation's termination handler.
    private let exits: EventLog<Int32>
    /// Left at the exit, for `kill()`, which cannot await.
    private let exited: DispatchGroup
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
        // Called once the process is reaped, its status set and `isRunning` false.
        let (exits, exited) = (EventLog<Int32>(), DispatchGroup())
        (self.exits, self.exited) = (exits, exited)
        exited.enter()
        process.terminationHandler = { process in
            exits.append(process.processIdentifier)
            exited.leave()
        }
        do {
            try process.run()
        } catch {
            exited.leave()
            throw error
        }
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

    /// The first line at index `start` or later that matches, as soon as it is printed. Throws
    /// `WatchProcessError` if the output ends first, or nothing matches within the hang guard.
    @discardableResult
    func waitForLine(
        _ what: String = "a matching line", after start: Int = 0, sourceLocation: SourceLocation = #_sourceLocation,
        where matches: @escaping @Sendable (String) -> Bool
    ) async throws -> String {
        let what = "\(what) after #\(start)"
        do {
            try await output.items.wait(for: what, sourceLocation: sourceLocation) { items in
                let snapshot = LineCollector.Snapshot(items)
                return snapshot.ended || snapshot.lines.dropFirst(start).contains(where: matches)
            }
        } catch is StuckWaiting {
            throw WatchProcessError(waitingFor: what, exited: false, log: diagnostics())
        }
        guard let line = output.snapshot.lines.dropFirst(start).first(where: matches) else {
            throw WatchProcessError(waitingFor: what, exited: true, log: diagnostics())
        }
        return line
    }

    func signal(_ signal: Int32) {
        guard process.isRunning else { return }
        _ = Glibc.kill(process.processIdentifier, signal)
    }

    /// The exit status, once the process has exited.
    func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int32 {
        do {
            try await exits.wait(for: "the exit", sourceLocation: sourceLocation) { !$0.isEmpty }
        } catch is StuckWaiting {
            throw WatchProcessError(waitingFor: "the exit", exited: false, log: diagnostics())
        }
        return process.terminationStatus
    }

    var terminatedBySignal: Bool { !process.isRunning && process.terminationReason == .uncaughtSignal }

    /// Kills the process if it still runs, and waits for Foundation to reap it (bounded only
    /// against a wedged reaper: this runs in deinit and cannot throw).
    func kill() {
        guard process.isRunning else { return }
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        _ = exited.wait(timeout: .now() + .seconds(Int(hangGuard.components.seconds)))
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

/// The output a line at a time, from the reading thread, into an `EventLog` that wakes the
/// waits as each line comes.
private final class LineCollector: Sendable {
    enum Item: Sendable {
        case line(String)
        /// The output ended, with the part of a line left without its newline, if any.
        case ended(unterminated: String?)
    }

    struct Snapshot {
        var lines: [String] = []
        var unterminated: String?
        var ended = false

        init(_ items: [Item]) {
            for item in items {
                switch item {
                case .line(let line): lines.append(line)
                case .ended(let rest): (unterminated, ended) = (rest, true)
                }
            }
        }
    }

    let items = EventLog<Item>()
    /// The part of a line read so far; only the reading thread touches it.
    private let pending = Mutex<[UInt8]>([])

    var snapshot: Snapshot { Snapshot(items.all) }

    func append(_ chunk: ArraySlice<UInt8>) {
        let lines = pending.withLock { pending -> [String] in
            pending += chunk
            var lines: [String] = []
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
            return lines
        }
        for line in lines { items.append(.line(line)) }
    }

    func finish() {
        let rest = pending.withLock { $0.isEmpty ? nil : String(decoding: $0, as: UTF8.self) }
        items.append(.ended(unterminated: rest))
    }
}
