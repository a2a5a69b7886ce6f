#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A command started with `posix_spawn`, its standard streams on /dev/null, and reaped on a
/// thread of its own whenever it exits.
///
/// Not Foundation's `Process`: on Linux its `run()` over-reads a directory entry while it lists
/// /proc/self/fd and crashes now and then (swift-corelibs-foundation PR 5472, still in Swift
/// 6.3.1), which a daemon must not risk on every click.
struct DetachedCommand: Sendable {
    /// How the command ended: `exited(status)` or `signaled(number)`.
    enum Ending: Sendable, Hashable {
        case exited(Int32)
        case signaled(Int32)
    }

    let pid: pid_t
    /// Yields the command's ending once, when it exits.
    let ending: AsyncStream<Ending>

    /// Starts `executable` with `arguments` (after its own name) and this process's environment.
    init(executable: String, arguments: [String]) throws(POSIXError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var spawned: pid_t = 0
        let status = posix_spawn(&spawned, executable, &actions, nil, argv, environ)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        let pid = spawned
        self.pid = pid
        let (ending, ended) = AsyncStream<Ending>.makeStream()
        self.ending = ending
        Thread.detachNewThread {
            var waitStatus: Int32 = 0
            while waitpid(pid, &waitStatus, 0) < 0 {
                guard errno == EINTR else { ended.finish(); return }
            }
            // WIFEXITED, WEXITSTATUS and WTERMSIG are macros Swift does not import.
            let signal = waitStatus & 0x7f
            ended.yield(signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signaled(signal))
            ended.finish()
        }
    }
}
