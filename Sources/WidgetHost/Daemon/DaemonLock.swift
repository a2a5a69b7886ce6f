#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetStore

/// The exclusive `flock` a running `widgethost run` holds on `<data>/daemon.lock`: one daemon per
/// data folder, and `status` can tell whether one is running. The kernel drops it when the
/// process dies, even by SIGKILL, so a crash never leaves a stale lock.
public struct DaemonLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock, or throws `anotherDaemonRunning` at once.
    static func acquire(_ location: StoreLocation) throws(HostDaemonError) -> DaemonLock {
        let path = location.daemonLockURL.path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotLock(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw busy ? .anotherDaemonRunning(lockPath: path) : .cannotLock(path: path, reason: reason)
        }
        return DaemonLock(descriptor: descriptor)
    }

    /// Whether a daemon holds the lock for this data folder right now.
    public static func isHeld(_ location: StoreLocation) -> Bool {
        let descriptor = open(location.daemonLockURL.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(descriptor, LOCK_UN)
        return false
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
