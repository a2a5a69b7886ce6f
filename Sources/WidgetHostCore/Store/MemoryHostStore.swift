import Dispatch
import Foundation
import Synchronization
import WidgetPayload
import WidgetStoreModel

/// A `HostStore` kept in memory, for tests and for an embedder with no data folder to share: the
/// host's default when its configuration names no store.
///
/// It keeps every promise of `HostStore` within one process: calls are atomic under one lock,
/// reload requests get growing ids, and what is written lasts as long as the object, no longer;
/// no other process sees it. Its times come from the clock it is given (a `VirtualClock` in a
/// test), as a host's do. App Groups' containers are real folders, since a container holds
/// files: `location.containerURL(for:)`, the folder a worker's sandbox opens to the bundle.
///
/// Besides the protocol, it has what an app or the CLI would do to the shared store, under the
/// same names as `SharedStore`'s: record reload requests, add, reconfigure and remove instances,
/// read the catalog, and watch defaults changes.
public final class MemoryHostStore: HostStore {
    /// Where the App Groups' containers are made (nothing else is written there).
    public let location: StoreLocation
    private let clock: any HostClock
    private let state = Mutex(State())

    private struct State {
        var defaults: [AppGroupID: [String: StoredValue]] = [:]
        var reloadRequests: [ReloadRequest] = []
        var lastReloadRequestID: Int64 = 0
        var catalog = BundleCatalog()
        var instances: [WidgetInstanceID: WidgetInstance] = [:]
        var reloadListeners: [ObjectIdentifier: Listener] = [:]
        var defaultsObservers: [@Sendable (AppGroupID, [String]) -> Void] = []
    }

    /// - Parameters:
    ///   - clock: stamps reload requests, instances and the catalog.
    ///   - location: the data folder whose `groups/` holds the containers.
    public init(clock: any HostClock = SystemClock(), containersIn location: StoreLocation) {
        self.clock = clock
        self.location = location
    }

    // MARK: Defaults

    public func value(forKey key: String, in group: AppGroupID) throws(DefaultsError) -> StoredValue? {
        try DefaultsLimits.check(key: key, group: group.rawValue)
        return state.withLock { $0.defaults[group]?[key] }
    }

    public func setValue(_ value: StoredValue, forKey key: String, in group: AppGroupID) throws(DefaultsError) {
        try DefaultsLimits.check(key: key, group: group.rawValue)
        try DefaultsLimits.check(value: value, key: key, group: group.rawValue)
        state.withLock { $0.defaults[group, default: [:]][key] = value }
    }

    @discardableResult
    public func removeValue(forKey key: String, in group: AppGroupID) throws(DefaultsError) -> Bool {
        try DefaultsLimits.check(key: key, group: group.rawValue)
        return state.withLock { $0.defaults[group]?.removeValue(forKey: key) != nil }
    }

    public func containerURL(for group: AppGroupID) throws(DefaultsError) -> URL {
        let url = location.containerURL(for: group)
        do {
            for folder in [location.directory, location.groupsDirectory, url] {
                try DataFolderPrivacy.createFolder(folder)
            }
        } catch {
            // As `SharedStore` words it.
            throw .storeUnavailable(reason: StoreError.cannotCreateDirectory(path: error.path, reason: error.reason).description)
        }
        return url
    }

    /// Calls every observer given to `observeDefaultsChanges`, on the caller's thread.
    public func announceDefaultsChange(keys: [String], in group: AppGroupID) {
        let observers = state.withLock { $0.defaultsObservers }
        for observer in observers { observer(group, keys) }
    }

    /// Calls `observer` with the group and keys of every change the host announces (a bundle's
    /// write), for as long as the store lives.
    public func observeDefaultsChanges(_ observer: @escaping @Sendable (AppGroupID, [String]) -> Void) {
        state.withLock { $0.defaultsObservers.append(observer) }
    }

    // MARK: The reload inbox

    /// Records requests, one per scope, each with an id larger than any before, and tells every
    /// listener (on a background queue). Returns them.
    @discardableResult
    public func recordReloadRequests(
        _ scopes: [ReloadRequest.Scope], source: String, forced: Bool = false
    ) -> [ReloadRequest] {
        let now = clock.now
        let (recorded, listeners) = state.withLock { state in
            let recorded = scopes.map { scope in
                state.lastReloadRequestID += 1
                return ReloadRequest(id: state.lastReloadRequestID, scope: scope, requestedAt: now, source: source, forced: forced)
            }
            state.reloadRequests += recorded
            return (recorded, Array(state.reloadListeners.values))
        }
        if !recorded.isEmpty {
            for listener in listeners { listener.wake() }
        }
        return recorded
    }

    public func pendingReloadRequests() -> [ReloadRequest] {
        state.withLock { $0.reloadRequests }
    }

    public func acknowledgeReloadRequests(through id: Int64) {
        state.withLock { $0.reloadRequests.removeAll { $0.id <= id } }
    }

    /// Any number of listeners may listen at once.
    public func listenForReloadRequests(
        _ onRecorded: @escaping @Sendable () -> Void
    ) -> any ReloadRequestListener {
        let listener = Listener(onRecorded: onRecorded) { [weak self] listener in
            _ = self?.state.withLock { $0.reloadListeners.removeValue(forKey: ObjectIdentifier(listener)) }
        }
        state.withLock { $0.reloadListeners[ObjectIdentifier(listener)] = listener }
        return listener
    }

    // MARK: The bundle catalog

    public func recordCatalog(_ catalog: BundleCatalog) {
        var recorded = catalog
        recorded.recordedAt = catalog.recordedAt ?? clock.now
        state.withLock { $0.catalog = recorded }
    }

    /// The catalog last recorded; an empty one, with no `recordedAt`, before any.
    public func catalog() -> BundleCatalog {
        state.withLock { $0.catalog }
    }

    // MARK: Instances

    public func instances() -> [WidgetInstance] {
        state.withLock { $0.instances.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) } }
    }

    public func instance(_ id: WidgetInstanceID) -> WidgetInstance? {
        state.withLock { $0.instances[id] }
    }

    /// Adds an instance under a fresh id and returns it; records an instances change for its kind.
    public func addInstance(kind: String, family: WidgetFamily, configuration: [String: JSONValue]) -> WidgetInstance {
        let now = clock.now
        let instance = state.withLock { state in
            var id = WidgetInstanceID.random()
            while state.instances[id] != nil { id = WidgetInstanceID.random() }
            let instance = WidgetInstance(id: id, kind: kind, family: family, configuration: configuration, createdAt: now, updatedAt: now)
            state.instances[id] = instance
            return instance
        }
        recordInstancesChange(kind: kind)
        return instance
    }

    /// Replaces an instance's configuration; nil when there is no such instance.
    @discardableResult
    public func setConfiguration(_ configuration: [String: JSONValue], of id: WidgetInstanceID) -> WidgetInstance? {
        let now = clock.now
        let changed = state.withLock { state -> WidgetInstance? in
            guard var instance = state.instances[id] else { return nil }
            instance.configuration = configuration
            instance.updatedAt = now
            state.instances[id] = instance
            return instance
        }
        if let changed { recordInstancesChange(kind: changed.kind) }
        return changed
    }

    /// Removes an instance; the one removed, nil when there was none.
    @discardableResult
    public func removeInstance(_ id: WidgetInstanceID) -> WidgetInstance? {
        let removed = state.withLock { $0.instances.removeValue(forKey: id) }
        if let removed { recordInstancesChange(kind: removed.kind) }
        return removed
    }

    private func recordInstancesChange(kind: String) {
        recordReloadRequests([.kind(kind)], source: ReloadRequest.instancesChangedSource)
    }
}

extension MemoryHostStore {
    /// One `listenForReloadRequests`: wakes its closure on a background queue until stopped.
    fileprivate final class Listener: ReloadRequestListener {
        private let onRecorded: @Sendable () -> Void
        private let onStop: @Sendable (Listener) -> Void
        private let stopped = Atomic<Bool>(false)

        init(onRecorded: @escaping @Sendable () -> Void, onStop: @escaping @Sendable (Listener) -> Void) {
            self.onRecorded = onRecorded
            self.onStop = onStop
        }

        func wake() {
            DispatchQueue.global().async { [self] in
                guard !stopped.load(ordering: .acquiring) else { return }
                onRecorded()
            }
        }

        func stop() {
            guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
            onStop(self)
        }
    }
}
