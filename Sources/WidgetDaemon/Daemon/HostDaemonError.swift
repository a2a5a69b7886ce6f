import WidgetStoreModel
import WidgetHostCore

/// Why `widgethost run` could not start.
public enum HostDaemonError: Error, Sendable, CustomStringConvertible {
    case anotherDaemonRunning(lockPath: String)
    case cannotLock(path: String, reason: String)
    case registry(RegistryDatabaseError)
    case wakeup(HostWakeupError)

    public var description: String {
        switch self {
        case .anotherDaemonRunning(let lockPath):
            "another widgethost daemon is running on this data folder (it holds \(lockPath)); stop it, or pass another --data-dir"
        case .cannotLock(let path, let reason):
            "cannot lock \(path): \(reason); check the data folder's permissions"
        case .registry(let error):
            error.description
        case .wakeup(let error):
            "cannot listen for reload requests: \(error)"
        }
    }
}
