#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// `widgethost run` whose standard output nobody reads (a pipe left full, a paused pager, a
/// stuck journal): its log waits, its scheduler does not (issue 38).
@Suite("widgethost run: an event log nobody reads")
struct RunUnreadOutputTests {
    /// Linux's `fcntl` command that sizes a pipe; Glibc's module leaves it out (it needs _GNU_SOURCE).
    private static let setPipeSize: Int32 = 1031

    @Test("the daemon goes on calling providers and serving while its full output pipe is never read")
    func anUnreadOutputStopsNoCall() async throws {
        let data = try TestPaths.makeTemporaryDirectory("widgethost-unread-output")
        let output = Pipe()
        // The smallest pipe (a page): a few calls' lines fill it.
        _ = fcntl(output.fileHandleForWriting.fileDescriptor, Self.setPipeSize, 4096)
        let process = Process()
        process.executableURL = TestPaths.cli
        process.arguments = ["run", "--format", "json", "--http", "127.0.0.1:0", "--budget", "86400"]
        var environment = ProcessInfo.processInfo.environment
        environment["WIDGETHOST_PATH"] = nil
        environment["WIDGETHOST_DATA_DIR"] = data.path
        process.environment = environment
        process.currentDirectoryURL = data
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        let port = try await waitFor("the daemon's address file") { () -> Int? in
            let line = try? String(contentsOf: data.appendingPathComponent("http.address"), encoding: .utf8)
            return line.flatMap { URL(string: $0.trimmingCharacters(in: .whitespacesAndNewlines))?.port }
        }
        let client = RawHTTPClient(port: port)
        let store = ["WIDGETHOST_DATA_DIR": data.path]
        // Each forced reload prints its request, its call and its entry (with the entry's view):
        // far more than the pipe holds, long before the last one.
        for value in 1...12 {
            _ = try await widgethost(["defaults", "write", "group.dev.widgethost.counter", "count", "\(value)", "--type", "int"], environment: store)
            _ = try await widgethost(["reload", "--force", "CounterWidget"], environment: store)
            try await waitUntil("CounterWidget to show \(value)") {
                let answer = try client.request("GET", "/v1/widgets/CounterWidget/systemSmall")
                return answer.status == 200 && answer.text.contains(#""count":\#(value)}"#)
            }
        }
        // Nothing was read meanwhile: the pipe holds what fitted (a page), and the rest waited in
        // the daemon. Read now, the log goes on to the twelfth forced call, every line kept.
        let descriptor = output.fileHandleForReading.fileDescriptor
        var log: [UInt8] = []
        try await waitUntil("the log, once read, to reach the twelfth forced call") {
            log += Self.readWaiting(from: descriptor)
            return Self.forcedCalls(in: log) == 12
        }
        #expect(log.count > 4096, "more was logged than the pipe could hold: the daemon went on while it was full")
    }

    private static func forcedCalls(in log: [UInt8]) -> Int {
        String(decoding: log, as: UTF8.self).split(separator: "\n")
            .filter { $0.contains(#""event":"call""#) && $0.contains(#""cause":"forced""#) && $0.contains(#""family":"systemSmall""#) }
            .count
    }

    /// What the pipe holds now, without waiting.
    private static func readWaiting(from descriptor: Int32) -> [UInt8] {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return bytes }
            bytes += buffer[0..<count]
        }
    }
}
