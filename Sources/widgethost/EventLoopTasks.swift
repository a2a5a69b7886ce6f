import NIOCore
import NIOPosix

/// Where the long-running commands' tasks run (`run`, `desktop`). On Linux, Swift's global
/// executor is libdispatch's pool, whose monitor, once the pool has run a job, wakes the process
/// every second for the rest of its life: an idle daemon or home screen would never sleep. NIO's
/// event loops, installed as the global executor before any task runs, sleep in `epoll_wait`
/// until there is work (BENCHMARKS.md, "The home screen's goals" and issue 41's idle figures).
enum EventLoopTasks {
    /// The commands whose tasks run on NIO's event loops; the others keep the executor they
    /// were measured with.
    static let commands: Set<String> = ["run", "desktop"]

    /// Installs NIO's singleton event loops as Swift Concurrency's global executor when the
    /// command line names one of `commands`. Call first thing in `main`, on the main thread,
    /// before any task runs; false when it did not.
    @discardableResult
    static func install(for arguments: [String]) -> Bool {
        guard let command = arguments.dropFirst().first, commands.contains(command) else { return false }
        return NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }
}
