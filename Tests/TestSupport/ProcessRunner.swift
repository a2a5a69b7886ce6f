#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// The result of running a program to its end.
public struct ProcessResult: Sendable {
    /// The exit status, or the signal that ended the process (as Foundation's `Process` reports).
    public let status: Int32
    /// Whether a signal ended the process (then `status` is the signal).
    public let signalled: Bool
    public let standardOutput: String
    public let standardError: String
    /// From the start of the process to its end: what a time bound on a command should read,
    /// not counting any wait for a turn to run it.
    public let elapsed: Duration
}

/// Runs programs for tests: the CLI, the C compiler.
///
/// With `posix_spawn`, not Foundation's `Process`: on Linux `Process.run()` over-reads a
/// directory entry while it lists /proc/self/fd and crashes the test runner now and then
/// (swift-corelibs-foundation PR 5472, still in Swift 6.3.1); the CLI tests spawn hundreds.
public enum ProcessRunner {
    public static func run(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String]? = nil,
        workingDirectory: URL? = nil,
        terminateAfter limit: Duration? = nil
    ) throws -> ProcessResult {
        // Standard error goes to a file, so that a chatty child never blocks on a full pipe
        // while the test is still reading standard output.
        let errorFile = TestPaths.temporaryURL("stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        // Close-on-exec, so no other child spawned meanwhile keeps the pipe open.
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_APPEND, 0)
        if let workingDirectory { _ = addChdir(&actions, workingDirectory.path) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        let started = ContinuousClock.now
        var pid: pid_t = 0
        let status = envp.map { posix_spawn(&pid, executable.path, &actions, nil, argv, $0) }
            ?? posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        Glibc.close(ends[1])
        guard status == 0 else {
            Glibc.close(ends[0])
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        // A command that may stay (a daemon) is stopped with SIGTERM after `limit`; only until
        // the child is waited for, so the signal never reaches a reused pid.
        let waited = WaitedFlag()
        if let limit {
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(limit / .milliseconds(1)))) { [pid] in
                waited.flag.withLock { waited in if !waited { _ = kill(pid, SIGTERM) } }
            }
        }
        let outputData = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
        // Wait without reaping first, so that the pid stays this child's until `waited` is set.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        waited.flag.withLock { $0 = true }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0, errno == EINTR {}
        // As Foundation reports it: the exit status, or the signal that ended it.
        let signal = waitStatus & 0x7f
        let errorData = try Data(contentsOf: errorFile)
        return ProcessResult(
            status: signal == 0 ? (waitStatus >> 8) & 0xff : signal, signalled: signal != 0,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self),
            elapsed: ContinuousClock.now - started)
    }

    // glibc's GNU functions, which Swift's Glibc module does not import.
    private static let addChdir = glibcFunction(
        "posix_spawn_file_actions_addchdir_np",
        as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32).self)
    private static let pipe2 = glibcFunction("pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32).self)

    private static func glibcFunction<Function>(_ name: String, as type: Function.Type) -> Function {
        guard let symbol = dlsym(nil, name) else { fatalError("glibc has no \(name) (glibc 2.29 or later is needed)") }
        return unsafeBitCast(symbol, to: type)
    }
}

/// Whether a child was waited for, shared with the timer that may signal it.
private final class WaitedFlag: Sendable {
    let flag = Mutex(false)
}
