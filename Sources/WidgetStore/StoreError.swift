/// Why the shared store could not be opened or used.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotCreateDirectory(path: String, reason: String)
    case cannotOpen(path: String, reason: String)
    /// The file was written by a newer widgethost, with migrations this one does not know.
    case schemaTooNew(path: String)
    case migrationFailed(path: String, reason: String)
    /// A read or write failed after opening (disk full, a lock held for too long, …).
    case databaseError(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the store folder \(path): \(reason). Check its permissions, or choose another with --data-dir or $\(StoreLocation.environmentVariable)"
        case .cannotOpen(let path, let reason):
            "cannot open the store \(path): \(reason)"
        case .schemaTooNew(let path):
            "the store \(path) was written by a newer widgethost; upgrade this one, or use another --data-dir"
        case .migrationFailed(let path, let reason):
            "cannot bring the store \(path) up to date: \(reason)"
        case .databaseError(let path, let reason):
            "the store \(path) failed: \(reason)"
        }
    }
}

extension DefaultsError {
    init(_ error: StoreError) {
        self = .storeUnavailable(reason: error.description)
    }
}
