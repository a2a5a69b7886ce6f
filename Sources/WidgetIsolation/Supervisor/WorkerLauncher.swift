#if canImport(Glibc)
import Glibc
#endif
import CWorkerLaunch
import Foundation
import Synchronization
import WidgetHostCore

/// Starts one host's workers: forked by a fork server (`WorkerForkServer`), or spawned afresh
/// when there is none.
///
/// The first start spawns its worker and nothing more: a host that needs one worker
/// (`widgethost timeline`) never pays for a server. The second spawns its worker and then the
/// fork server, which readies itself while that worker starts; every later start is a fork.
///
/// The fork server is only a faster way to the same worker: a request it cannot serve (it
/// could not start, died, or answered with an error) is spawned the ordinary way, and the
/// launcher stops asking a server that failed. Copies of one `WorkerSettings` share one launcher;
/// the server exits when the last copy is gone.
final class WorkerLauncher: Sendable {
    private struct Server {
        let pid: pid_t
        let control: Int32
        /// What it forks: a request for another executable is spawned.
        let executable: URL
    }

    private enum State {
        case notStarted
        /// One worker was spawned; the next start starts the server.
        case spawnedOne
        case running(Server)
        /// It failed once: every worker is spawned from now on.
        case unavailable
    }

    /// Held across a request and its answer: requests are short (a fork), and one at a time
    /// keeps each answer with its request.
    private let state = Mutex(State.notStarted)
    let usesForkServer: Bool
    /// A worker started ahead of its first start, for that start to configure (`adopt`).
    private let prestarted = Mutex<PrestartedWorker?>(nil)

    init(usesForkServer: Bool) {
        self.usesForkServer = usesForkServer
    }

    deinit {
        guard case .running(let server) = state.withLock({ $0 }) else { return }
        // Closing the socket ends the server.
        _ = close(server.control)
        Self.reap(server.pid)
    }

    /// Waits for `pid`, this process's child, to end, on a thread of its own.
    static func reap(_ pid: pid_t) {
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Keeps `worker` for the next start of a worker of its executable.
    func adopt(_ worker: PrestartedWorker) {
        prestarted.withLock { $0 = worker }
    }

    /// The adopted prestarted worker of `executable`, configured with `configuration`; nil when
    /// there is none (or it no longer listens, and is ended).
    func startPrestarted(executable: URL, configuration: [UInt8]) -> WorkerProcess? {
        let worker = prestarted.withLock { prestarted -> PrestartedWorker? in
            guard prestarted?.executable == executable else { return nil }
            return prestarted.take()
        }
        return worker?.configure(configuration)
    }

    /// The running fork server's pid, if there is one.
    var forkServerProcessID: pid_t? {
        state.withLock { state in
            guard case .running(let server) = state else { return nil }
            return server.pid
        }
    }

    /// Starts a worker of `executable` with `configuration` (JSON), its channel end `channel`
    /// and output `output` (the caller keeps and closes its own copies). Returns its pid; the
    /// worker is this process's child either way.
    ///
    /// Nil when the fork server was handed the descriptors and then failed (it did not answer in
    /// time, or answered with an error): it may have forked a worker on them all the same, so
    /// they are spent. The caller closes its ends, so such a worker sees the channel end and
    /// exits, and launches again with new ones; the server is not asked again.
    func launch(executable: URL, configuration: [UInt8], channel: Int32, output: Int32) throws(WorkerFailure) -> pid_t? {
        if usesForkServer {
            switch forkedWorker(executable: executable, configuration: configuration, channel: channel, output: output) {
            case .forked(let pid): return pid
            case .failedWithDescriptors: return nil
            case .noServer: break
            }
        }
        let pid = try WorkerProcess.spawnExecutable(
            executable.path, arguments: [executable.path, String(decoding: configuration, as: UTF8.self)],
            descriptors: [(output, STDOUT_FILENO), (output, STDERR_FILENO), (channel, WorkerProtocol.channelDescriptor)])
        // After the worker, so that its start does not wait behind the server's.
        if usesForkServer {
            state.withLock { state in
                switch state {
                case .notStarted: state = .spawnedOne
                case .spawnedOne: state = Self.startServer(executable)
                case .running, .unavailable: break
                }
            }
        }
        return pid
    }

    private enum ForkOutcome {
        case forked(pid_t)
        /// No server to ask (not started, failed before, or for another executable).
        case noServer
        /// The server had the descriptors and failed: they may be held by a worker it forked.
        case failedWithDescriptors
    }

    /// Asks the fork server for a worker on `channel` and `output`.
    private func forkedWorker(executable: URL, configuration: [UInt8], channel: Int32, output: Int32) -> ForkOutcome {
        state.withLock { state -> ForkOutcome in
            guard case .running(let server) = state, server.executable == executable else { return .noServer }
            let descriptors = [channel, output]
            var answer: Int32 = 0
            var received: Int32 = 0
            let sent = configuration.withUnsafeBytes {
                wh_send_with_descriptors(server.control, $0.baseAddress, $0.count, descriptors, 2)
            }
            let read = sent < 0 ? -1 : withUnsafeMutableBytes(of: &answer) {
                wh_receive_with_descriptors(server.control, $0.baseAddress, $0.count, nil, 0, &received)
            }
            guard read == MemoryLayout<Int32>.size, let pid = WorkerForkServer.Reply(value: answer).pid else {
                // Whatever went wrong, this server is not to be trusted with the next one.
                _ = close(server.control)
                Glibc.kill(server.pid, SIGKILL)
                Self.reap(server.pid)
                state = .unavailable
                return sent < 0 ? .noServer : .failedWithDescriptors
            }
            return .forked(pid)
        }
    }

    /// Seconds a request may wait for the server's answer (its first waits for its start).
    static let answerTimeoutSeconds = 10

    private static func startServer(_ executable: URL) -> State {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return .unavailable
        }
        defer { _ = close(ends[1]) }
        // A server that stops answering is given up on, not waited for with every start behind it.
        var patience = timeval(tv_sec: answerTimeoutSeconds, tv_usec: 0)
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            _ = setsockopt(ends[0], SOL_SOCKET, option, &patience, socklen_t(MemoryLayout<timeval>.size))
        }
        do {
            let pid = try WorkerProcess.spawnExecutable(
                executable.path, arguments: [executable.path, WorkerForkServer.argument],
                descriptors: [(ends[1], WorkerForkServer.controlDescriptor)],
                // Every symbol bound before the first fork: each worker would otherwise bind
                // lazily, writing to (and so copying) pages it could share with the server.
                environment: ["LD_BIND_NOW": "1"])
            return .running(Server(pid: pid, control: ends[0], executable: executable))
        } catch {
            _ = close(ends[0])
            return .unavailable
        }
    }
}
