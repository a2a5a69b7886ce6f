import NIOCore
import NIOPosix

/// Where `widgethost desktop`'s tasks run. On Linux, Swift's global executor is libdispatch's
/// pool, whose monitor, once the pool has run a job, wakes the process every second for the rest
/// of its life: an idle desktop would never sleep. NIO's event loops, installed as the global
/// executor before any task runs, sleep in `epoll_wait` until there is work.
public enum DesktopConcurrency {
    /// Installs NIO's singleton event loops as Swift Concurrency's global executor. Call first
    /// thing in `main`, on the main thread, before any task runs; false when it could not be.
    @discardableResult
    public static func runTasksOnEventLoops() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }
}
