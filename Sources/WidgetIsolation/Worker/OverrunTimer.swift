#if canImport(Glibc)
import Glibc
#endif
import CEventSources

/// A one-shot timer that a thread waits on (a timerfd): armed and disarmed with one system call
/// each and no thread woken, it wakes its waiter only when it runs out. The worker arms it
/// around each call a reading thread runs itself.
struct OverrunTimer: Sendable {
    let descriptor: Int32

    /// Nil when the system refuses one (out of descriptors).
    init?() {
        let descriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    /// Runs out `duration` from now, replacing any earlier arming.
    func arm(after duration: Duration) {
        let (seconds, attoseconds) = duration.components
        set(timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000)))
    }

    /// Does not run out until armed again.
    func disarm() {
        set(timespec(tv_sec: 0, tv_nsec: 0))
    }

    /// Blocks until the timer runs out (at once if it ran out since the last wait).
    func waitUntilRunOut() {
        var expirations: UInt64 = 0
        while read(descriptor, &expirations, MemoryLayout<UInt64>.size) < 0 && errno == EINTR {}
    }

    private func set(_ value: timespec) {
        var setting = itimerspec(it_interval: timespec(tv_sec: 0, tv_nsec: 0), it_value: value)
        // Fails only for a bad descriptor or value, neither of which this type makes.
        _ = timerfd_settime(descriptor, 0, &setting, nil)
    }
}
