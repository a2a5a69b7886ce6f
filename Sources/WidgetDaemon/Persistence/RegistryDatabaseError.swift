import WidgetHostCore
import WidgetStoreModel
/// Why the registry database (`<data>/registry.sqlite`) could not be opened or used.
///
/// The registry is a cache of what providers answered: losing it costs one refetch per kind, so
/// each description says how to get going again, not only what failed.
public enum RegistryDatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotCreateDirectory(path: String, reason: String)
    case cannotOpen(path: String, reason: String)
    /// The file was written by a newer widgethost, with migrations this one does not know.
    case schemaTooNew(path: String)
    case migrationFailed(path: String, reason: String)
    /// A save failed (disk full, a lock held for too long, …); nothing of it was written.
    case writeFailed(path: String, reason: String)
    case readFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the folder \(path) for the registry database: \(reason). Check its permissions, or choose another with --data-dir or $\(StoreLocation.environmentVariable)"
        case .cannotOpen(let path, let reason):
            "cannot open the registry database \(path): \(reason). If it is damaged, stop the daemon and delete it; timelines are fetched again"
        case .schemaTooNew(let path):
            "the registry database \(path) was written by a newer widgethost; upgrade this one, use another --data-dir, or delete the file to start afresh"
        case .migrationFailed(let path, let reason):
            "cannot bring the registry database \(path) up to date: \(reason). Stop the daemon and delete the file; timelines are fetched again"
        case .writeFailed(let path, let reason):
            "cannot save to the registry database \(path): \(reason). Check free space and permissions; the running host keeps its timelines in memory"
        case .readFailed(let path, let reason):
            "cannot read the registry database \(path): \(reason). If it is damaged, stop the daemon and delete it; timelines are fetched again"
        }
    }
}
