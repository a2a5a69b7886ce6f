import Foundation
import Synchronization
import WidgetPayload
import WidgetStoreModel

/// The shared store at a location, opened the first time something needs it, then kept by its
/// owner for the owner's life: what a process that may never touch the store holds (the CLI's
/// host for `render`, an app's `AppService`), so that it makes no data folder and runs no schema
/// check until it does. One per owner, never shared through a global: two owners of the same
/// location each open the file once.
///
/// A failed opening is thrown to the use that needed it (as `DefaultsError.storeUnavailable` to a
/// defaults call) and tried again at the next. As a `HostStore` it keeps every promise of the
/// `SharedStore` it opens.
public final class LazySharedStore: HostStore {
    public let location: StoreLocation
    private let opened: Mutex<SharedStore?>

    /// A store that opens `location` on first use.
    public init(location: StoreLocation) {
        self.location = location
        opened = Mutex(nil)
    }

    /// A store already open.
    public init(_ store: SharedStore) {
        location = store.location
        opened = Mutex(store)
    }

    /// The shared store, opened now if it was not yet. Concurrent first uses wait for one opening.
    public func open() throws(StoreError) -> SharedStore {
        try opened.withLock { opened throws(StoreError) in
            if let opened { return opened }
            let store = try SharedStore.open(location)
            opened = store
            return store
        }
    }

    // MARK: HostStore

    public func value(forKey key: String, in group: AppGroupID) throws(DefaultsError) -> StoredValue? {
        try openForDefaults().value(forKey: key, in: group)
    }

    public func setValue(_ value: StoredValue, forKey key: String, in group: AppGroupID) throws(DefaultsError) {
        try openForDefaults().setValue(value, forKey: key, in: group)
    }

    @discardableResult
    public func removeValue(forKey key: String, in group: AppGroupID) throws(DefaultsError) -> Bool {
        try openForDefaults().removeValue(forKey: key, in: group)
    }

    public func containerURL(for group: AppGroupID) throws(DefaultsError) -> URL {
        try openForDefaults().containerURL(for: group)
    }

    /// Needs no opening: the notice goes to the data folder's socket.
    public func announceDefaultsChange(keys: [String], in group: AppGroupID) {
        DefaultsChangeNotice.send(group: group.rawValue, keys: keys, location: location)
    }

    public func pendingReloadRequests() throws(StoreError) -> [ReloadRequest] {
        try open().pendingReloadRequests()
    }

    public func acknowledgeReloadRequests(through id: Int64) throws(StoreError) {
        try open().acknowledgeReloadRequests(through: id)
    }

    /// Opens the store first: its wake-up socket lives in the folder opening makes.
    public func listenForReloadRequests(
        _ onRecorded: @escaping @Sendable () -> Void
    ) throws(HostWakeupError) -> any ReloadRequestListener {
        let store: SharedStore
        do throws(StoreError) { store = try open() } catch {
            throw .socketFailed(path: location.wakeupSocketURL.path, reason: error.description)
        }
        return try store.listenForReloadRequests(onRecorded)
    }

    public func recordCatalog(_ catalog: BundleCatalog) throws(StoreError) {
        try open().recordCatalog(catalog)
    }

    public func instances() throws(StoreError) -> [WidgetInstance] {
        try open().instances()
    }

    public func instance(_ id: WidgetInstanceID) throws(StoreError) -> WidgetInstance? {
        try open().instance(id)
    }

    private func openForDefaults() throws(DefaultsError) -> SharedStore {
        do throws(StoreError) { return try open() } catch { throw .storeUnavailable(reason: error.description) }
    }
}
