import WidgetStoreModel
import WidgetHostCore

/// The lock a running `widgethost run` holds on `<data>/daemon.lock`: one daemon per data folder,
/// and `status` can tell whether one is running.
public enum DaemonLock {
    /// Takes the lock, or throws `anotherDaemonRunning` at once.
    static func acquire(_ location: StoreLocation) throws(HostDaemonError) -> FileLock {
        let path = location.daemonLockURL.path
        do {
            return try FileLock.acquire(path, wait: false)
        } catch {
            switch error {
            case .busy: throw .anotherDaemonRunning(lockPath: path)
            case .failed(let reason): throw .cannotLock(path: path, reason: reason)
            }
        }
    }

    /// Whether a daemon holds the lock for this data folder right now.
    public static func isHeld(_ location: StoreLocation) -> Bool {
        FileLock.isHeld(location.daemonLockURL.path)
    }
}
