#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetHostCore

/// A started `widgethost-worker`: its pid, the host's end of the channel, and the read end of
/// the pipe that carries the bundle's own standard output and error.
///
/// Forked by the host's fork server (`WorkerLauncher`) or spawned fresh with `posix_spawn`;
/// never `fork()` of the multi-threaded host. Either way it is the host's child, in a process
/// group of its own so a terminal's Ctrl-C reaches the host, which then stops its workers.
struct WorkerProcess: Sendable {
    let pid: pid_t
    let channel: WorkerChannel
    /// The bundle's stdout and stderr, merged.
    let output: Int32
    /// Started ahead of its configuration (`PrestartedWorker`): it may have died before the
    /// configuration reached it, which is no failure of the bundle's.
    var wasPrestarted = false

    static func start(executable: URL, configuration: WorkerConfiguration, launcher: WorkerLauncher) throws(WorkerFailure) -> WorkerProcess {
        let json: [UInt8]
        do {
            json = try configuration.json()
        } catch {
            throw .spawnFailed("cannot encode the configuration: \(error)")
        }
        if let prestarted = launcher.startPrestarted(executable: executable, configuration: json) { return prestarted }
        // Twice at most: a fork server that failed holding the first ends may have forked a
        // worker on them, which must never share a channel with the one launched instead.
        for _ in 1...2 {
            let ends = try channelAndOutput()
            let pid: pid_t?
            do {
                pid = try launcher.launch(executable: executable, configuration: json, channel: ends.workerChannel, output: ends.workerOutput)
            } catch {
                [ends.hostChannel, ends.workerChannel, ends.hostOutput, ends.workerOutput].forEach { _ = close($0) }
                throw error
            }
            // The child has its copies; the host keeps only its own ends.
            _ = close(ends.workerChannel)
            _ = close(ends.workerOutput)
            guard let pid else {
                // Spent: a worker forked on them sees its channel end, and exits.
                _ = close(ends.hostChannel)
                _ = close(ends.hostOutput)
                continue
            }
            return WorkerProcess(pid: pid, channel: WorkerChannel(descriptor: ends.hostChannel), output: ends.hostOutput)
        }
        throw .spawnFailed("the fork server failed, and so did the launch after it")
    }

    /// A new channel and output for a worker: each one's host end and worker end. Socket pairs
    /// for both, as they are made close-on-exec atomically: a worker spawned by another thread
    /// meanwhile must not inherit this one's ends.
    static func channelAndOutput() throws(WorkerFailure) -> (hostChannel: Int32, workerChannel: Int32, hostOutput: Int32, workerOutput: Int32) {
        let sockets = try socketPair()
        do {
            let output = try socketPair()
            return (sockets[0], sockets[1], output[0], output[1])
        } catch {
            sockets.forEach { _ = close($0) }
            throw error
        }
    }

    private static func socketPair() throws(WorkerFailure) -> [Int32] {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .spawnFailed("socketpair: \(String(cString: strerror(errno)))")
        }
        return ends
    }

    /// Spawns `path` with standard input from /dev/null and each `(descriptor, number)` of
    /// `descriptors` as `number` in the child; standard output and error, unless given, are the
    /// host's. `environment` adds to (or replaces in) the host's environment.
    static func spawnExecutable(
        _ path: String, arguments: [String], descriptors: [(Int32, Int32)], environment extra: [String: String] = [:]
    ) throws(WorkerFailure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (descriptor, number) in descriptors { posix_spawn_file_actions_adddup2(&actions, descriptor, number) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Own process group; default signal actions and an empty mask, whatever the host set.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables = ProcessInfo.processInfo.environment
        // A crashing bundle is an expected event here: Swift's backtracer would spend most of a
        // second and fifty log lines on each before the host hears of it. Unless asked for.
        if variables["SWIFT_BACKTRACE"] == nil { variables["SWIFT_BACKTRACE"] = "enable=no" }
        variables.merge(extra) { _, new in new }
        let environment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, environment)
        guard result == 0 else { throw .spawnFailed("\(path): \(String(cString: strerror(result)))") }
        return pid
    }

    /// Waits for the process to end and says how. Blocks.
    func waitForExit() -> WorkerFailure {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .exited(status: -1) }
        }
        let signal = status & 0x7f
        return signal != 0 ? .crashed(signal: signal) : .exited(status: (status >> 8) & 0xff)
    }

    func kill() {
        _ = Glibc.kill(pid, SIGKILL)
    }
}
