#if canImport(Glibc)
import Glibc
#endif
import CWorkerLaunch
import Foundation

/// `widgethost-worker --fork-server`: one process per host that starts that host's workers by
/// forking itself, so that a worker skips `exec`, the dynamic linker and the Swift runtime's
/// start, about three quarters of what a spawned worker costs before it reads its bundle
/// (BENCHMARKS.md, "Speed II"). Its children share its relocated pages, too.
///
/// Descriptor 3 is a `SOCK_SEQPACKET` socket to the host (`WorkerLauncher`). Each request is one
/// message: the worker's configuration as JSON, with two descriptors attached, the worker's end
/// of its channel and the write end of its output. The answer is one message, `Reply`. Each
/// worker is forked as the host's child (`wh_fork_as_sibling`), so the host reaps it, reads how
/// it ended and kills it exactly as one it spawned itself. The server exits when the host closes
/// the socket.
///
/// Thread rules: the server has one thread (a warm-up thread is joined before the first
/// request); each fork is made from a new thread that has run no Swift code, and the worker in
/// the child runs on that thread (see `wh_fork_as_sibling`).
enum WorkerForkServer {
    /// The one argument that makes `widgethost-worker` a fork server.
    static let argument = "--fork-server"
    /// The socket to the host.
    static let controlDescriptor: Int32 = 3
    /// The largest configuration a request may carry.
    static let maximumRequestBytes = 1 << 20

    /// The answer to one request: the worker's pid, or the errno that kept it from starting.
    struct Reply {
        var value: Int32

        static func started(_ pid: pid_t) -> Reply { Reply(value: pid) }
        static func failed(_ error: Int32) -> Reply { Reply(value: -max(error, 1)) }

        /// The worker's pid; nil when it did not start.
        var pid: pid_t? { value > 0 ? value : nil }
    }

    static func main() -> Never {
        closefrom(controlDescriptor + 1)
        signal(SIGPIPE, SIG_IGN)
        // Set by the launcher for this process's own start (`WorkerLauncher`); what a bundle
        // runs must not inherit it.
        unsetenv("LD_BIND_NOW")
        // The server's own faults are reported too, and the report's first use (which loads
        // libgcc for backtrace) is made here, once, not in every worker.
        _ = wh_install_crash_report()
        warmUp()
        var request = [UInt8](repeating: 0, count: maximumRequestBytes)
        while true {
            var descriptors: [Int32] = [-1, -1]
            var descriptorCount: Int32 = 0
            let received = request.withUnsafeMutableBytes {
                wh_receive_with_descriptors(controlDescriptor, $0.baseAddress, $0.count, &descriptors, 2, &descriptorCount)
            }
            if received == 0 { WorkerExit.exit(.finished) }
            if received < 0 {
                guard errno == EMSGSIZE else {
                    WorkerExit.fail(.systemError, "fork server: cannot read a request: \(String(cString: strerror(errno)))")
                }
                reply(.failed(EMSGSIZE))
                continue
            }
            let attached = Array(descriptors.prefix(Int(descriptorCount)))
            guard attached.count == 2 else {
                attached.forEach { _ = close($0) }
                reply(.failed(EINVAL))
                continue
            }
            // What the child needs, handed over as one retained object: the child runs on a
            // thread that must not have run Swift code before the fork (`wh_fork_as_sibling`).
            let start = Unmanaged.passRetained(ChildStart(
                configuration: Data(request[0..<received]), channel: attached[0], output: attached[1])).toOpaque()
            let pid = wh_fork_as_sibling({ start in
                let child = Unmanaged<ChildStart>.fromOpaque(start!).takeRetainedValue()
                WorkerForkServer.becomeWorker(configuration: child.configuration, channel: child.channel, output: child.output)
            }, start)
            let error = errno
            Unmanaged<ChildStart>.fromOpaque(start).release()
            attached.forEach { _ = close($0) }
            reply(pid > 0 ? .started(pid) : .failed(error))
        }
    }

    /// What a child is started with.
    private final class ChildStart {
        let configuration: Data
        let channel: Int32
        let output: Int32

        init(configuration: Data, channel: Int32, output: Int32) {
            self.configuration = configuration
            self.channel = channel
            self.output = output
        }
    }

    /// In the child: the descriptors, process group and signals a spawned worker starts with
    /// (`WorkerProcess`), then the worker itself.
    static func becomeWorker(configuration: Data, channel: Int32, output: Int32) -> Never {
        setpgid(0, 0)
        // Before anything dispatches: the main queue is bound to the server's first thread.
        if wh_dispatch_forked_child() != 0 {
            WorkerExit.complain("this libdispatch has no dispatch_atfork_child; the main queue may not run")
        }
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGHUP] { Glibc.signal(signal, SIG_DFL) }
        var mask = sigset_t()
        sigemptyset(&mask)
        sigprocmask(SIG_SETMASK, &mask, nil)
        let null = open("/dev/null", O_RDONLY)
        guard null >= 0, dup2(null, STDIN_FILENO) >= 0, dup2(output, STDOUT_FILENO) >= 0, dup2(output, STDERR_FILENO) >= 0,
            dup2(channel, WorkerProtocol.channelDescriptor) >= 0
        else {
            WorkerExit.fail(.systemError, "fork server: cannot set up a worker's descriptors: \(String(cString: strerror(errno)))")
        }
        // The control socket was descriptor 3, now the channel: the worker keeps only its own.
        closefrom(WorkerProtocol.channelDescriptor + 1)
        WorkerServer.serve(WorkerServer.decodeConfiguration(configuration))
    }

    private static func reply(_ reply: Reply) {
        var value = reply.value
        let sent = withUnsafeBytes(of: &value) { wh_send_with_descriptors(controlDescriptor, $0.baseAddress, $0.count, nil, 0) }
        if sent < 0 { WorkerExit.exit(.finished) }
    }
}
