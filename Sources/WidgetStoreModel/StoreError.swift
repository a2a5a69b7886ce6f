import WidgetPayload

/// Why a store could not be opened or used: the error every `HostStore` throws (besides
/// `DefaultsError`, for defaults, and `HostWakeupError`, for listening).
///
/// A struct over a private enum, so that a store of another kind can be given a reason of its own
/// without breaking code that matches these: compare with `==` against the static members.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case cannotCreateDirectory(path: String, reason: String)
        case cannotOpen(path: String, reason: String)
        case schemaTooNew(path: String)
        case migrationFailed(path: String, reason: String)
        case databaseError(path: String, reason: String)
        case unknownInstance(WidgetInstanceID)
        case stackOntoItself(WidgetInstanceID)
        case stackFamiliesDiffer(
            dropped: WidgetInstanceID, droppedFamily: WidgetFamily, target: WidgetInstanceID, targetFamily: WidgetFamily)
        case familyNotStackable(WidgetInstanceID, family: WidgetFamily)
        case homeLayoutChanged(expected: Int64, current: Int64)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The store's folder could not be made.
    public static func cannotCreateDirectory(path: String, reason: String) -> StoreError {
        StoreError(.cannotCreateDirectory(path: path, reason: reason))
    }

    public static func cannotOpen(path: String, reason: String) -> StoreError {
        StoreError(.cannotOpen(path: path, reason: reason))
    }

    /// The file was written by a newer widgethost, with migrations this one does not know.
    public static func schemaTooNew(path: String) -> StoreError {
        StoreError(.schemaTooNew(path: path))
    }

    public static func migrationFailed(path: String, reason: String) -> StoreError {
        StoreError(.migrationFailed(path: path, reason: reason))
    }

    /// A read or write failed after opening (disk full, a lock held for too long, …).
    public static func databaseError(path: String, reason: String) -> StoreError {
        StoreError(.databaseError(path: path, reason: reason))
    }

    /// No instance has this id (never added, or removed).
    public static func unknownInstance(_ id: WidgetInstanceID) -> StoreError {
        StoreError(.unknownInstance(id))
    }

    /// A widget dropped on itself makes no stack.
    public static func stackOntoItself(_ id: WidgetInstanceID) -> StoreError {
        StoreError(.stackOntoItself(id))
    }

    /// A Smart Stack holds widgets of one family, as on iOS, where a widget dropped on another of
    /// another size is not stacked.
    public static func stackFamiliesDiffer(
        dropped: WidgetInstanceID, droppedFamily: WidgetFamily, target: WidgetInstanceID, targetFamily: WidgetFamily
    ) -> StoreError {
        StoreError(.stackFamiliesDiffer(dropped: dropped, droppedFamily: droppedFamily, target: target, targetFamily: targetFamily))
    }

    /// Only the system families stack: the accessory ones sit in their own row, one each.
    public static func familyNotStackable(_ id: WidgetInstanceID, family: WidgetFamily) -> StoreError {
        StoreError(.familyNotStackable(id, family: family))
    }

    /// A move was made on a layout read at revision `expected`, and another home screen (or the
    /// CLI) has changed it since: nothing was written, so that change is not undone.
    public static func homeLayoutChanged(expected: Int64, current: Int64) -> StoreError {
        StoreError(.homeLayoutChanged(expected: expected, current: current))
    }

    /// Whether this is a `homeLayoutChanged`, whatever the revisions.
    public var isHomeLayoutChanged: Bool {
        if case .homeLayoutChanged = reason { return true }
        return false
    }

    /// The instance an `unknownInstance` names; nil for any other error.
    public var unknownInstanceID: WidgetInstanceID? {
        if case .unknownInstance(let id) = reason { return id }
        return nil
    }

    public var description: String {
        switch reason {
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
        case .unknownInstance(let id):
            "no instance '\(id)' in the store; `widgethost instances list` shows them"
        case .stackOntoItself(let id):
            "cannot stack \(id) onto itself; drop it on another widget of its family"
        case .stackFamiliesDiffer(let dropped, let droppedFamily, let target, let targetFamily):
            "cannot stack \(dropped) (\(droppedFamily.rawValue)) onto \(target) (\(targetFamily.rawValue)): a Smart Stack holds widgets of one family"
        case .familyNotStackable(let id, let family):
            "cannot stack \(id): it is \(family.rawValue), and only the system families (systemSmall, systemMedium, systemLarge, systemExtraLarge) stack"
        case .homeLayoutChanged(let expected, let current):
            "the home screen changed since it was read (revision \(expected), now \(current)), on another screen or by another program; nothing was moved: read the layout again and make the move on it"
        }
    }
}
