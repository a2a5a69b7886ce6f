#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import WidgetStore
import WidgetStoreModel

/// A running `store-writer` (Tests/StoreWriter), its standard output read line by line.
///
/// Standard error goes to a file, so a chatty child never blocks on a pipe nobody reads. Not
/// thread-safe: one thread at a time reads a writer's output.
final class StoreWriterProcess: @unchecked Sendable {
    static var executable: URL { TestPaths.binDirectory.appendingPathComponent("store-writer") }

    let writer: Int
    private let process = Process()
    private let output = Pipe()
    private let errorFile: URL
    private var buffered: [UInt8] = []
    private var reachedEnd = false

    /// Starts `store-writer --data-dir … --group … --writer … --count …`, in batch mode when
    /// `batch` is given.
    init(location: StoreLocation, group: String, writer: Int, count: Int, batch: Int? = nil, valueBytes: Int? = nil) throws {
        self.writer = writer
        var arguments = ["--data-dir", location.directory.path, "--group", group, "--writer", "\(writer)", "--count", "\(count)"]
        if let batch { arguments += ["--batch", "\(batch)"] }
        if let valueBytes { arguments += ["--value-bytes", "\(valueBytes)"] }
        process.executableURL = Self.executable
        process.arguments = arguments
        errorFile = TestPaths.temporaryURL("store-writer-stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    deinit {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: errorFile)
    }

    /// The next line of standard output, without its newline; nil once the child closed it.
    /// Blocks until a whole line is there.
    func nextLine() -> String? {
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            if reachedEnd {
                guard !buffered.isEmpty else { return nil }
                defer { buffered.removeAll() }
                return String(decoding: buffered, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(output.fileHandleForReading.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffered += chunk[..<count]
            } else if count == 0 || errno != EINTR {
                reachedEnd = true
            }
        }
    }

    /// Every line still to come, up to the end of standard output.
    func remainingLines() -> [String] {
        var lines: [String] = []
        while let line = nextLine() { lines.append(line) }
        return lines
    }

    /// Kills the child at once, whatever it is doing: no cleanup of any kind runs.
    func killNow() {
        Glibc.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the child to end.
    func waitForExit() -> (status: Int32, killedBySignal: Bool) {
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }

    /// What the child wrote to standard error (complete once it has ended).
    var standardError: String {
        (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    }
}

/// Runs blocking work (waiting for processes, reading pipes) on a thread of its own, off the
/// test's cooperative threads. Checks belong in the caller: the thread has no current test.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
