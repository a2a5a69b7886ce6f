#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Synchronization
import WidgetHostCore
import WidgetIsolation

/// A `widgethost-worker` started the way the host starts one: one end of a Unix stream socket as
/// its descriptor 3, standard input from /dev/null, standard output and error into a file.
public final class SpawnedWorker: Sendable {
    /// How the process ended.
    public enum Termination: Sendable, Hashable {
        case exited(Int32)
        case signaled(Int32)
    }

    public struct Timeout: Error, CustomStringConvertible {
        public let waitingFor: String
        public let output: String
        public var description: String { "timed out waiting for \(waitingFor); worker output:\n\(output)" }
    }

    public let pid: pid_t
    /// The host's end of the channel.
    public let channel: WorkerChannel
    /// Where the worker's standard output and error go.
    public let outputFile: URL
    private let inbox = FrameInbox()
    private let reaper: Reaper

    /// The built worker, beside the test runner.
    public static var executable: URL { TestPaths.binDirectory.appendingPathComponent("widgethost-worker") }

    /// Starts the worker with `configuration` as its argument.
    public convenience init(configuration: WorkerConfiguration) throws {
        let json = String(decoding: try JSONEncoder().encode(configuration), as: UTF8.self)
        try self.init(arguments: [json])
    }

    /// Starts the worker with `arguments` after its name, as they are.
    public init(arguments: [String]) throws {
        var ends: [Int32] = [-1, -1]
        // Close-on-exec, or every process spawned meanwhile (this worker too) would keep the
        // host's end open, and the worker would never see the host hang up.
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        var workerEnd = ends[1]
        if workerEnd == WorkerProtocol.channelDescriptor {
            // dup2 onto itself would leave close-on-exec set; move it out of the way first.
            workerEnd = fcntl(ends[1], F_DUPFD_CLOEXEC, 10)
            Glibc.close(ends[1])
        }
        defer { Glibc.close(workerEnd) }

        outputFile = TestPaths.temporaryURL("worker-output")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, workerEnd, WorkerProtocol.channelDescriptor)

        let argv: [UnsafeMutablePointer<CChar>?] = ([Self.executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, Self.executable.path, &actions, nil, argv, environ)
        guard status == 0 else {
            Glibc.close(ends[0])
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        self.pid = pid
        reaper = Reaper(pid: pid)
        channel = WorkerChannel(descriptor: ends[0])
        let (channel, inbox) = (self.channel, self.inbox)
        Thread.detachNewThread {
            let ended = channel.readFrames { inbox.push($0) }
            inbox.finish(ended)
        }
    }

    deinit {
        reaper.kill()
        // Bounds against a wedged thread only: a killed worker is reaped within milliseconds.
        _ = waitForExit(timeout: hangGuardSeconds)
        channel.hangUp()
        // Only once the reader has returned: its descriptor must not be reused under it.
        if inbox.waitUntilFinished(timeout: hangGuardSeconds) { channel.close() }
        try? FileManager.default.removeItem(at: outputFile)
    }

    /// The next frame from the worker, as soon as it comes; `timeout` only guards against a hang.
    public func nextFrame(timeout: Double = hangGuardSeconds) throws -> Frame {
        switch inbox.next(timeout: timeout) {
        case .frame(let frame): return frame
        case .ended(let failure): throw failure
        case .timedOut: throw Timeout(waitingFor: "a frame", output: output)
        }
    }

    /// The next message from the worker, and its frame's body.
    public func nextMessage(timeout: Double = hangGuardSeconds) throws -> (message: WorkerMessage, body: [UInt8]) {
        let frame = try nextFrame(timeout: timeout)
        return (try frame.message(as: WorkerMessage.self), frame.body)
    }

    /// Sends one message to the worker.
    public func send(_ message: HostMessage) throws {
        try channel.send(message)
    }

    /// Closes the host's end both ways, as a host that goes away does.
    public func hangUp() {
        channel.hangUp()
    }

    /// Waits for the worker to end, woken by its reaping; nil if it is still running after
    /// `timeout` seconds.
    @discardableResult
    public func waitForExit(timeout: Double = hangGuardSeconds) -> Termination? {
        reaper.wait(timeout: timeout)
    }

    /// What the worker (and its bundle) wrote to standard output and error so far.
    public var output: String {
        (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }
}

/// Waits for the worker on a thread of its own (blocking `waitid`, no polling), and keeps how it
/// ended. Apart from the worker object, so that the thread does not keep that object alive.
private final class Reaper: Sendable {
    private let pid: pid_t
    /// How it ended, once waited for; set with the pid still unreaped, so that `kill` never
    /// signals a pid the system has given to another process.
    private let termination = Mutex<Termination?>(nil)
    private let ended = DispatchGroup()

    typealias Termination = SpawnedWorker.Termination

    init(pid: pid_t) {
        self.pid = pid
        ended.enter()
        Thread.detachNewThread { [self] in
            var info = siginfo_t()
            var result: Int32
            repeat { result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) } while result < 0 && errno == EINTR
            var status: Int32 = 0
            let how: Termination
            if result == 0 {
                let code = info._sifields._sigchld.si_status
                how = Int(info.si_code) == Int(CLD_EXITED) ? .exited(code) : .signaled(code)
            } else {
                how = .exited(-1)  // not our child to wait for: nothing more can be known
            }
            termination.withLock { $0 = how }
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            ended.leave()
        }
    }

    /// SIGKILL, unless the worker has already ended.
    func kill() {
        termination.withLock { if $0 == nil { _ = Glibc.kill(pid, SIGKILL) } }
    }

    func wait(timeout: Double) -> Termination? {
        guard ended.wait(timeout: .now() + timeout) == .success else { return nil }
        return termination.withLock { $0 }
    }
}

/// Frames the reader thread received, for a test to take one at a time with a timeout.
private final class FrameInbox: Sendable {
    enum Next {
        case frame(Frame)
        case ended(WorkerChannel.Failure)
        case timedOut
    }

    private struct State {
        var frames: [Frame] = []
        var ended: WorkerChannel.Failure?
    }

    private let state = Mutex(State())
    /// Signalled once per frame, and once when the reader ends.
    private let available = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    func push(_ frame: Frame) {
        state.withLock { $0.frames.append(frame) }
        available.signal()
    }

    func finish(_ failure: WorkerChannel.Failure) {
        state.withLock { $0.ended = failure }
        available.signal()
        finished.signal()
    }

    func next(timeout: Double) -> Next {
        guard available.wait(timeout: .now() + timeout) == .success else { return .timedOut }
        return state.withLock { state in
            if !state.frames.isEmpty { return .frame(state.frames.removeFirst()) }
            // The end stays visible to every later call.
            available.signal()
            return .ended(state.ended ?? .closed)
        }
    }

    func waitUntilFinished(timeout: Double) -> Bool {
        guard finished.wait(timeout: .now() + timeout) == .success else { return false }
        finished.signal()
        return true
    }
}
