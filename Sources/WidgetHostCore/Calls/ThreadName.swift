#if canImport(Glibc)
import Glibc
#endif

/// The names of the host's own threads, as `top -H`, `/proc/PID/task/*/comm` and the idle
/// benchmarks show them (`wh.provider`, `wh.daemon`, …).
package enum ThreadName {
    /// Names the calling thread; at most 15 bytes reach the kernel, so a longer name is cut.
    ///
    /// Written to `/proc/thread-self/comm`, not through Foundation's `Thread.name`: on Linux that
    /// reaches the kernel only once the thread's creator has recorded the new thread, which the
    /// thread's own first line can precede (a test saw the creator's name, `oot.default-qos`,
    /// once in a CI run), and not at all when set before `start()`. (`pthread_setname_np` is not
    /// in Swift's Glibc module.) For the host's threads only: a sandboxed worker may not write
    /// there.
    package static func setCurrent(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
