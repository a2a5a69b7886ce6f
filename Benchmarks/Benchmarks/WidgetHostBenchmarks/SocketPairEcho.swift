import Foundation
import Glibc

/// The floor of a worker round trip: a second process that answers each request with the same
/// reply over a socketpair, one blocking read each way and nothing else (no threads, no
/// parsing, no bundle). Written in C and compiled with `cc` at set-up, so that no runtime of
/// ours is in the figure.
final class SocketPairEcho: @unchecked Sendable {
    // @unchecked: used by one benchmark at a time, which runs its iterations one after another;
    // the socket and the pid never change after init.
    private let socket: Int32
    private let pid: pid_t
    private let request: [UInt8]
    private var reply: [UInt8]

    /// Starts the echo process; each `exchange()` then writes `request` and reads `reply` back.
    init(request: [UInt8], reply: [UInt8], folder: URL) {
        self.request = request
        self.reply = reply
        let source = folder.appendingPathComponent("echo.c")
        let program = folder.appendingPathComponent("echo")
        precondition((try? Self.program.write(to: source, atomically: true, encoding: .utf8)) != nil)
        precondition(Bench.spawn("/usr/bin/env", ["cc", "-O2", "-o", program.path, source.path], quiet: false) == 0, "cc echo.c failed")

        var ends: [Int32] = [0, 0]
        // Close-on-exec, so that the child holds only its own end (as fd 3, which dup2 leaves
        // open): closing ours is then the end of its input, and it exits.
        precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 3)
        let arguments: [String] = [program.path, "\(request.count)", "\(reply.count)"]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        precondition(posix_spawn(&child, program.path, &actions, nil, argv, environ) == 0)
        close(ends[1])
        socket = ends[0]
        pid = child
        Self.write(socket, reply)  // the child keeps it, and answers every request with it
    }

    /// One round trip: the request out, the whole reply back.
    func exchange() {
        Self.write(socket, request)
        reply.withUnsafeMutableBytes { buffer in
            var received = 0
            while received < buffer.count {
                let count = read(socket, buffer.baseAddress! + received, buffer.count - received)
                precondition(count > 0, "echo read: errno \(errno)")
                received += count
            }
        }
    }

    func stop() {
        close(socket)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    private static func write(_ socket: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                let count = Glibc.write(socket, buffer.baseAddress! + sent, buffer.count - sent)
                precondition(count > 0, "echo write: errno \(errno)")
                sent += count
            }
        }
    }

    private static let program = """
        #include <stdlib.h>
        #include <unistd.h>

        static int full(int fd, char *buffer, size_t size, int writing) {
            size_t done = 0;
            while (done < size) {
                ssize_t count = writing ? write(fd, buffer + done, size - done) : read(fd, buffer + done, size - done);
                if (count <= 0) return -1;
                done += (size_t)count;
            }
            return 0;
        }

        int main(int argc, char **argv) {
            size_t request = strtoul(argv[1], 0, 10), reply = strtoul(argv[2], 0, 10);
            char *in = malloc(request), *out = malloc(reply);
            if (full(3, out, reply, 0)) return 1;
            while (full(3, in, request, 0) == 0) {
                if (full(3, out, reply, 1)) return 1;
            }
            return 0;
        }
        """
}
