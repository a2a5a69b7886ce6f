#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A helper program (`gdbus`) whose standard output is read line by line, started with
/// `posix_spawnp` and read on a thread of its own rather than through Foundation's `Process`,
/// which runs on libdispatch's pool: a process that has used the pool wakes once a second for the
/// rest of its life, and the desktop sleeps while nothing changes.
struct ChildProcess: Sendable {
    let pid: pid_t
    private let output: Int32

    /// Starts `arguments[0]` (found on PATH) with standard input and error on /dev/null; nil when
    /// it cannot start.
    init?(_ arguments: [String]) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        // Not inherited by other children; the spawned one gets its end as fd 1 (dup2 clears it).
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            return nil
        }
        self.pid = pid
        output = pipeEnds[0]
    }

    /// Every line it writes, until it ends; blocks. Closes the pipe after.
    func forEachLine(_ body: (String) -> Void) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                body(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
        }
        if !pending.isEmpty { body(String(decoding: pending, as: UTF8.self)) }
        close(output)
    }

    /// Waits for it to end; its exit status, or nil when it was killed.
    @discardableResult
    func wait() -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }
}
