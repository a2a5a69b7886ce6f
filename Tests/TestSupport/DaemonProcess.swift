#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// A `widgethost run --format json` running as a real child process, for tests of the daemon.
///
/// Standard output is read line by line on a thread of its own, and each line is parsed into a
/// `DaemonEvent` as it arrives; tests wait for the events they expect. Standard error goes to a
/// file (a chatty daemon never blocks on a full pipe). A daemon still running when this object
/// goes away is killed, so a failing test never leaves one behind: keep the object alive (use it
/// at the end of the test, or `defer { daemon.kill() }`) for as long as the daemon should run.
public final class DaemonProcess: Sendable {
    /// The data folder the daemon was given (WIDGETHOST_DATA_DIR).
    public let dataDirectory: URL
    public let processIdentifier: Int32
    private let process: Process
    private let output: EventCollector
    private let errorFile: URL
    private let workingDirectory: URL

    /// Starts `widgethost run --format json` plus `arguments`, with WIDGETHOST_DATA_DIR set to
    /// `dataDirectory`, WIDGETHOST_PATH unset and an empty temporary working folder, as the CLI
    /// tests run the CLI; only the executable's own folder (the samples) is searched for bundles.
    public init(
        dataDirectory: URL, arguments: [String] = [], environment extra: [String: String] = [:],
        executable: URL = TestPaths.cli
    ) throws {
        self.dataDirectory = dataDirectory
        var environment = ProcessInfo.processInfo.environment
        environment["WIDGETHOST_PATH"] = nil
        environment["WIDGETHOST_DATA_DIR"] = dataDirectory.path
        environment.merge(extra) { $1 }

        workingDirectory = try TestPaths.makeTemporaryDirectory("widgethost-daemon-cwd")
        errorFile = workingDirectory.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)

        let process = Process()
        process.executableURL = executable
        // No HTTP server unless a test asks for one: daemons of concurrent tests would share
        // the default port.
        let http = arguments.contains("--http") ? [] : ["--http", "off"]
        process.arguments = ["run", "--format", "json"] + http + arguments
        process.environment = environment
        process.currentDirectoryURL = workingDirectory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = try FileHandle(forWritingTo: errorFile)
        // Foundation closes every other descriptor in the child, so the daemon holds no end of
        // another test's pipe (which would keep that test's read from ever ending).
        try process.run()
        self.process = process
        processIdentifier = process.processIdentifier

        let collector = EventCollector()
        output = collector
        let reading = pipe.fileHandleForReading
        let reader = Thread {
            // read(2) returns whatever has arrived; FileHandle.read(upToCount:) would wait for
            // the full count or the end. The handle, and so the descriptor, stays open as long
            // as this closure holds it.
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(reading.fileDescriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    collector.append(Data(buffer[0..<count]))
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break  // the end, or an error that ends the output just as well
                }
            }
            collector.finish()
            try? reading.close()
        }
        reader.name = "DaemonProcess stdout \(processIdentifier)"
        reader.start()
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: workingDirectory)
    }

    // MARK: Events

    /// Every event printed so far, in order.
    public var events: [DaemonEvent] { output.snapshot.events }

    /// Lines of standard output that were not a JSON event (there should be none).
    public var unparsedLines: [String] { output.snapshot.unparsed }

    /// Whether standard output has ended (the daemon exited or closed it).
    public var outputEnded: Bool { output.snapshot.ended }

    /// Everything written to standard error so far.
    public var standardError: String {
        (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    }

    /// The first event at index `after` or later that matches; waits up to `timeout` seconds
    /// for it, and throws `DaemonProcessError.timedOut` (with the log so far) if none comes.
    @discardableResult
    public func waitForEvent(
        timeout: TimeInterval, after start: Int = 0, where matches: (DaemonEvent) -> Bool
    ) async throws -> DaemonEvent {
        var found: DaemonEvent?
        try await waitUntil(timeout: timeout, "an event matching the condition after #\(start)") { events in
            found = events.dropFirst(start).first(where: matches)
            return found != nil
        }
        return found!
    }

    /// Waits until `condition` holds for the list of events so far; throws
    /// `DaemonProcessError.timedOut` after `timeout` seconds. Polls every 20 ms.
    public func waitUntil(
        timeout: TimeInterval, _ what: String = "the condition", _ condition: ([DaemonEvent]) -> Bool
    ) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            // Take `ended` with the events, so that a final look covers every line printed.
            let snapshot = output.snapshot
            if condition(snapshot.events) { return }
            if snapshot.ended || Date() >= deadline {
                throw DaemonProcessError.timedOut(
                    waitingFor: what, after: timeout, exited: snapshot.ended, log: diagnostics())
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    // MARK: Process

    public var isRunning: Bool { process.isRunning }

    /// Sends `signal` (SIGTERM, SIGINT, SIGKILL…) to the daemon; nothing if it has exited.
    public func signal(_ signal: Int32) {
        guard process.isRunning else { return }
        _ = Glibc.kill(processIdentifier, signal)
    }

    /// Waits up to `timeout` seconds for the daemon to exit and returns its exit status, or the
    /// signal that ended it (see `terminatedBySignal`). Throws `DaemonProcessError.timedOut` if it
    /// is still running then.
    public func waitForExit(timeout: TimeInterval) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else {
                throw DaemonProcessError.timedOut(waitingFor: "the daemon to exit", after: timeout, exited: false, log: diagnostics())
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationStatus
    }

    /// Whether the daemon was ended by a signal it did not handle; valid once it has exited.
    public var terminatedBySignal: Bool {
        !process.isRunning && process.terminationReason == .uncaughtSignal
    }

    /// Kills the daemon (SIGKILL) if it still runs, and reaps it.
    public func kill() {
        guard process.isRunning else { return }
        _ = Glibc.kill(processIdentifier, SIGKILL)
        // Foundation reaps the child on its own thread and then clears isRunning; a killed
        // process is gone within milliseconds, the bound only guards against a wedged reaper.
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
    }

    /// The events, stray output and standard error so far, for a failure message.
    public func diagnostics() -> String {
        let snapshot = output.snapshot
        var text = "daemon \(processIdentifier) on \(dataDirectory.path), \(snapshot.events.count) event(s):\n"
        text += snapshot.events.map(\.line).joined(separator: "\n")
        if !snapshot.unparsed.isEmpty { text += "\nnot JSON on stdout:\n" + snapshot.unparsed.joined(separator: "\n") }
        let errors = standardError
        text += errors.isEmpty ? "\n(stderr empty)" : "\nstderr:\n\(errors)"
        return text
    }
}

/// Why waiting on a daemon failed.
public enum DaemonProcessError: Error, CustomStringConvertible {
    case timedOut(waitingFor: String, after: TimeInterval, exited: Bool, log: String)

    public var description: String {
        switch self {
        case .timedOut(let what, let timeout, let exited, let log):
            let why = exited ? "the daemon's output ended first" : "not within \(timeout) s"
            return "waited for \(what): \(why)\n\(log)"
        }
    }
}

/// One line of `widgethost run --format json` (Sources/widgethost/Output/EventLog.swift).
public struct DaemonEvent: Sendable, Decodable, CustomStringConvertible {
    /// `started`, `call`, `entry`, `request`, `restoreProblem`, `warning`, `error`, `stopping`, `stopped`.
    public let event: String
    public let at: String
    public let kind: String?
    public let family: String?
    /// A user-added instance's id, for a `call` or an `entry` of one.
    public let instance: String?
    public let message: String?
    public let call: Call?
    public let next: Next?
    public let requests: [Request]?
    /// The line as printed.
    public internal(set) var line = ""

    public struct Call: Sendable, Decodable {
        public let at: String
        /// initial, policy, request, forced or retry.
        public let cause: String
        /// ok or failed.
        public let result: String
        public let entries: Int?
        public let error: CallError?
    }

    public struct CallError: Sendable, Decodable {
        public let code: String
        public let message: String
    }

    public struct Next: Sendable, Decodable {
        public let at: String?
        public let reason: String
        public let cause: String?
    }

    public struct Request: Sendable, Decodable {
        public let id: Int
        /// Nil for every kind.
        public let kind: String?
        public let source: String
        public let forced: Bool?
    }

    private enum CodingKeys: String, CodingKey {
        case event, at, kind, family, instance, message, call, next, requests
    }

    public var description: String { line }

    /// `kind/family`, for a `call` or an `entry`.
    public var key: String? {
        guard let kind, let family else { return nil }
        return "\(kind)/\(family)"
    }

    public var isCall: Bool { event == "call" }

    /// The number in `started`'s "restored N record(s)".
    public var restoredCount: Int? {
        guard event == "started", let message, message.hasPrefix("restored ") else { return nil }
        return Int(message.dropFirst("restored ".count).prefix { $0.isNumber })
    }

    static func parse(_ line: String) -> DaemonEvent? {
        guard var event = try? JSONDecoder().decode(DaemonEvent.self, from: Data(line.utf8)) else { return nil }
        event.line = line
        return event
    }
}

/// Collects the daemon's standard output, a line at a time, from the reading thread; read by
/// the test from any task. All state is behind one Mutex.
private final class EventCollector: Sendable {
    struct Snapshot {
        var events: [DaemonEvent] = []
        var unparsed: [String] = []
        var ended = false
    }

    private struct State {
        var pending = Data()
        var snapshot = Snapshot()

        mutating func take(_ line: Data) {
            let text = String(decoding: line, as: UTF8.self)
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            if let event = DaemonEvent.parse(text) {
                snapshot.events.append(event)
            } else {
                snapshot.unparsed.append(text)
            }
        }
    }

    private let state = Mutex(State())

    var snapshot: Snapshot { state.withLock { $0.snapshot } }

    func append(_ chunk: Data) {
        state.withLock { state in
            state.pending.append(chunk)
            while let newline = state.pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = state.pending[state.pending.startIndex..<newline]
                state.take(Data(line))
                state.pending = Data(state.pending[state.pending.index(after: newline)...])
            }
        }
    }

    /// The output ended: a last line without a newline still counts.
    func finish() {
        state.withLock { state in
            if !state.pending.isEmpty {
                state.take(state.pending)
                state.pending = Data()
            }
            state.snapshot.ended = true
        }
    }
}
