#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import Testing

/// A `widgethost run --format json` running as a real child process, for tests of the daemon.
///
/// Standard output is read line by line on a thread of its own, and each line is parsed into a
/// `DaemonEvent` as it arrives; tests wait for the events they expect, woken by each line (the
/// shared `EventLog`), never by a timer. Standard error goes to a file (a chatty daemon never
/// blocks on a full pipe). A daemon still running when this object goes away is killed, so a failing test never leaves one behind: keep the object alive (use it
/// at the end of the test, or `defer { daemon.kill() }`) for as long as the daemon should run.
public final class DaemonProcess: Sendable {
    /// The data folder the daemon was given (WIDGETHOST_DATA_DIR).
    public let dataDirectory: URL
    public let processIdentifier: Int32
    private let process: Process
    private let output: EventCollector
    /// The exit, appended by Foundation's termination handler: what `waitForExit` awaits.
    private let exits: EventLog<Int32>
    /// Left when the daemon has exited: what `kill()`, which cannot await, waits on.
    private let exited: DispatchGroup
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
        // Called once the process is reaped, its status set and `isRunning` false.
        let (exits, exited) = (EventLog<Int32>(), DispatchGroup())
        (self.exits, self.exited) = (exits, exited)
        exited.enter()
        process.terminationHandler = { process in
            exits.append(process.processIdentifier)
            exited.leave()
        }
        // Foundation closes every other descriptor in the child, so the daemon holds no end of
        // another test's pipe (which would keep that test's read from ever ending).
        do {
            try process.run()
        } catch {
            exited.leave()
            throw error
        }
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

    /// The first event at index `after` or later that matches, as soon as the daemon prints it.
    /// Throws `DaemonProcessError` (with the daemon's log) if its output ends first, or if
    /// nothing matches within the shared hang guard (`Waiting.swift`).
    @discardableResult
    public func waitForEvent(
        _ what: String = "an event matching the condition", after start: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation,
        where matches: @escaping @Sendable (DaemonEvent) -> Bool
    ) async throws -> DaemonEvent {
        let events = try await waitUntil("\(what) after #\(start)", sourceLocation: sourceLocation) { events in
            events.dropFirst(start).contains(where: matches)
        }
        return events.dropFirst(start).first(where: matches)!
    }

    /// Returns the events once `condition` holds of them, woken by each line the daemon prints
    /// (no re-checking on a timer). Throws `DaemonProcessError` (with the daemon's log) if its
    /// output ends first, or if the condition still fails after the shared hang guard.
    @discardableResult
    public func waitUntil(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: @escaping @Sendable ([DaemonEvent]) -> Bool
    ) async throws -> [DaemonEvent] {
        do {
            // The output's end wakes the wait too: no line can come after it.
            try await output.lines.wait(for: what, sourceLocation: sourceLocation) { lines in
                let snapshot = OutputSnapshot(lines)
                return snapshot.ended || condition(snapshot.events)
            }
        } catch is StuckWaiting {
            throw DaemonProcessError.stuck(waitingFor: what, log: diagnostics())
        }
        // Taken with `ended`, so that a final look covers every line printed.
        let snapshot = output.snapshot
        guard condition(snapshot.events) else {
            throw DaemonProcessError.outputEnded(waitingFor: what, log: diagnostics())
        }
        return snapshot.events
    }

    /// Waits for the end of standard output: after the daemon exits, the reader may still be
    /// taking its last lines.
    public func waitForOutputEnd(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await output.lines.wait(for: "the end of the daemon's output", sourceLocation: sourceLocation) { lines in
            OutputSnapshot(lines).ended
        }
    }

    // MARK: Process

    public var isRunning: Bool { process.isRunning }

    /// Sends `signal` (SIGTERM, SIGINT, SIGKILL…) to the daemon; nothing if it has exited.
    public func signal(_ signal: Int32) {
        guard process.isRunning else { return }
        _ = Glibc.kill(processIdentifier, signal)
    }

    /// Waits for the daemon to exit, told by Foundation's termination handler, and returns its
    /// exit status, or the signal that ended it (see `terminatedBySignal`). Throws
    /// `DaemonProcessError.stuck` if it still runs after the shared hang guard.
    public func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int32 {
        do {
            try await exits.wait(for: "the daemon to exit", sourceLocation: sourceLocation) { !$0.isEmpty }
        } catch is StuckWaiting {
            throw DaemonProcessError.stuck(waitingFor: "the daemon to exit", log: diagnostics())
        }
        return process.terminationStatus
    }

    /// Whether the daemon was ended by a signal it did not handle; valid once it has exited.
    public var terminatedBySignal: Bool {
        !process.isRunning && process.terminationReason == .uncaughtSignal
    }

    /// Kills the daemon (SIGKILL) if it still runs, and waits for Foundation to reap it.
    public func kill() {
        guard process.isRunning else { return }
        _ = Glibc.kill(processIdentifier, SIGKILL)
        // A killed process is reaped within milliseconds; the bound only guards against a
        // wedged reaper thread, as this runs in deinit and cannot throw.
        _ = exited.wait(timeout: .now() + .nanoseconds(hangGuard.nanoseconds))
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
    /// The daemon's output ended (it exited) before what was awaited came.
    case outputEnded(waitingFor: String, log: String)
    /// Nothing came within the shared hang guard: something is stuck.
    case stuck(waitingFor: String, log: String)

    public var description: String {
        switch self {
        case .outputEnded(let what, let log): "waited for \(what): the daemon's output ended first\n\(log)"
        case .stuck(let what, let log): "waited for \(what): stuck after \(hangGuard)\n\(log)"
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

/// One thing the daemon's standard output brought: a line (an event, or not) or its end.
private enum OutputLine: Sendable {
    case event(DaemonEvent)
    case unparsed(String)
    case ended
}

/// The output so far, as the tests read it.
private struct OutputSnapshot {
    var events: [DaemonEvent] = []
    var unparsed: [String] = []
    var ended = false

    init(_ lines: [OutputLine]) {
        for line in lines {
            switch line {
            case .event(let event): events.append(event)
            case .unparsed(let text): unparsed.append(text)
            case .ended: ended = true
            }
        }
    }
}

/// Collects the daemon's standard output, a line at a time, from the reading thread, into an
/// `EventLog` that wakes the tests' waits as each line comes.
private final class EventCollector: Sendable {
    let lines = EventLog<OutputLine>()
    /// The part of a line read so far; only the reading thread touches it.
    private let pending = Mutex(Data())

    var snapshot: OutputSnapshot { OutputSnapshot(lines.all) }

    func append(_ chunk: Data) {
        let complete = pending.withLock { pending -> [Data] in
            pending.append(chunk)
            var complete: [Data] = []
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                complete.append(Data(pending[pending.startIndex..<newline]))
                pending = Data(pending[pending.index(after: newline)...])
            }
            return complete
        }
        for line in complete { take(line) }
    }

    /// The output ended: a last line without a newline still counts.
    func finish() {
        let last = pending.withLock { pending -> Data in
            defer { pending = Data() }
            return pending
        }
        if !last.isEmpty { take(last) }
        lines.append(.ended)
    }

    private func take(_ line: Data) {
        let text = String(decoding: line, as: UTF8.self)
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        lines.append(DaemonEvent.parse(text).map(OutputLine.event) ?? .unparsed(text))
    }
}
