import Foundation
import WidgetStore
import WidgetStoreModel

/// What an app can ask of its widgets' host, in one place: its App Groups' defaults and
/// container folders, reloads, the widgets the user added, and pinning a new one.
///
/// Every front end calls this and nothing else — `SharedDefaults` and `WidgetCenter` (what a
/// Swift app links), the CLI's `defaults` and `reload`, the daemon's D-Bus service and its HTTP
/// API — so one call means one thing wherever it comes from: the same checks, the same types,
/// the same words in its errors, and the same consequences:
/// - a defaults write commits in one transaction (all keys or none), then sends a
///   `DefaultsChangeNotice`, which a running daemon turns into D-Bus's `Changed` signal and the
///   event stream's `defaults` event;
/// - a reload is recorded in the store, then the running host is woken (`HostWakeup`); with no
///   host running it waits for the next;
/// - a pinned widget is an instance added to the store, which wakes the host (it loads its
///   timeline) and every home screen (it takes the first free slot).
///
/// It holds the store it opened (on first use) and nothing else, and is safe to use from any
/// thread. Keep one for as long as the app asks: each new one opens the store again.
public struct AppService: Sendable {
    public var location: StoreLocation { store.location }
    /// The shared store it reads and writes, opened the first time a call needs it.
    public let store: LazySharedStore
    /// Who is asking, as the host's log shows reload requests.
    public let source: String
    /// Which kinds are installed: refused kinds and families are named with the known ones.
    public let kinds: any WidgetKindDirectory

    /// A service over the store at `location`, which it opens when first needed.
    public init(location: StoreLocation = .resolve(), source: String = "app", kinds: (any WidgetKindDirectory)? = nil) {
        self.init(store: LazySharedStore(location: location), source: source, kinds: kinds)
    }

    /// A service over `store`, shared with its other users (the daemon's host, its server).
    public init(store: LazySharedStore, source: String = "app", kinds: (any WidgetKindDirectory)? = nil) {
        self.store = store
        self.source = source
        self.kinds = kinds ?? CatalogKindDirectory(store: store)
    }

    // MARK: Defaults

    /// The value of `key` in `group`; `unknownKey` when it holds none.
    public func value(forKey key: String, inGroup group: String) throws(AppServiceError) -> StoredValue {
        let (store, id) = try open(group)
        let value: StoredValue?
        do throws(DefaultsError) { value = try store.value(forKey: key, in: id) } catch { throw AppServiceError(error) }
        guard let value else { throw .unknownKey(key, in: group) }
        return value
    }

    /// Every key of `group`.
    public func values(inGroup group: String) throws(AppServiceError) -> [String: StoredValue] {
        let (store, id) = try open(group)
        do throws(DefaultsError) {
            return Dictionary(uniqueKeysWithValues: try store.entries(in: id).map { ($0.key, $0.value) })
        } catch {
            throw AppServiceError(error)
        }
    }

    /// Writes `values` to `group` in one transaction: all of them land, or none (a key or value
    /// the store refuses fails the whole call). A nil value removes its key.
    public func set(_ values: [String: StoredValue?], inGroup group: String) throws(AppServiceError) {
        let (store, id) = try open(group)
        do throws(DefaultsError) { try write(values, to: id, in: store) } catch { throw AppServiceError(error) }
    }

    /// The one way defaults are written, for `set` and for `SharedDefaults` (which speaks
    /// `DefaultsError`, as a widget's `UserDefaults` does).
    func write(_ values: [String: StoredValue?], to group: AppGroupID, in store: SharedStore) throws(DefaultsError) {
        guard !values.isEmpty else { return }
        try store.setValues(values, in: group)
        DefaultsChangeNotice.send(group: group.rawValue, keys: values.keys.sorted(), location: location)
    }

    /// Removes `keys` from `group` in one transaction; keys it does not hold are no error.
    public func remove(_ keys: [String], fromGroup group: String) throws(AppServiceError) {
        try set(Dictionary(keys.map { ($0, StoredValue?.none) }, uniquingKeysWith: { first, _ in first }), inGroup: group)
    }

    /// The group's container folder, created (0700) on first use: where an app puts the files
    /// its widgets read (a rendered image, a downloaded poster).
    public func containerURL(forGroup group: String) throws(AppServiceError) -> URL {
        let (store, id) = try open(group)
        do throws(DefaultsError) { return try store.containerURL(for: id) } catch { throw AppServiceError(error) }
    }

    // MARK: WidgetCenter

    /// What became of a reload request.
    public struct Reload: Sendable {
        public let requests: [ReloadRequest]
        /// A running host was woken; false: the requests wait in the store for the next one.
        public let deliveredToRunningHost: Bool
    }

    /// Asks for fresh timelines of every widget of `kinds`; every kind must be installed.
    ///
    /// - Parameter forced: the user asked explicitly (`widgethost reload --force`): the host
    ///   reloads at once, outside the refresh budget. Apps leave it false, as in WidgetKit.
    public func reloadTimelines(ofKinds kinds: [String], forced: Bool = false) throws(AppServiceError) -> Reload {
        try checkInstalled(kinds)
        return try record(kinds.map(ReloadRequest.Scope.kind), forced: forced)
    }

    /// Asks for fresh timelines of every kind.
    public func reloadAllTimelines(forced: Bool = false) throws(AppServiceError) -> Reload {
        try record([.allKinds], forced: forced)
    }

    /// The widgets the user added, oldest first (WidgetKit's `getCurrentConfigurations`).
    public func currentConfigurations() throws(AppServiceError) -> [WidgetInfo] {
        do throws(StoreError) { return try store.open().instances().map(WidgetInfo.init) } catch {
            throw AppServiceError(error)
        }
    }

    /// Adds a widget of `kind` to the home screen, in `family` (nil: the kind's first), at the
    /// first free slot: home_widget's `requestPinWidget`. Every running home screen shows it.
    public func pinWidget(kind: String, family: String?) throws(AppServiceError) -> WidgetInfo {
        try checkInstalled([kind])
        let supported = kinds.families(ofKind: kind) ?? []
        let chosen: WidgetFamily
        if let family, !family.isEmpty {
            guard let named = WidgetFamily(rawValue: family), supported.isEmpty || supported.contains(named) else {
                throw .unknownFamily(family, kind: kind, supported: supported.isEmpty ? WidgetFamily.allCases : supported)
            }
            chosen = named
        } else {
            chosen = supported.first ?? .systemSmall
        }
        do throws(StoreError) {
            return WidgetInfo(try store.open().addInstance(kind: kind, family: chosen, configuration: [:]))
        } catch {
            throw AppServiceError(error)
        }
    }

    // MARK: -

    private func open(_ group: String) throws(AppServiceError) -> (SharedStore, AppGroupID) {
        let id: AppGroupID
        do throws(AppGroupIDError) { id = try AppGroupID(validating: group) } catch {
            throw AppServiceError(.invalidGroup(error))
        }
        do throws(StoreError) { return (try store.open(), id) } catch { throw AppServiceError(error) }
    }

    /// Refuses kinds no installed bundle declares, naming the known ones.
    public func checkInstalled(_ names: [String]) throws(AppServiceError) {
        let unknown = names.filter { kinds.families(ofKind: $0) == nil }
        guard unknown.isEmpty else { throw .unknownKinds(unknown, known: kinds.installedKinds) }
    }

    /// Records reload requests as they are, unchecked (`WidgetCenter.recordRequests`).
    func record(_ scopes: [ReloadRequest.Scope], forced: Bool) throws(AppServiceError) -> Reload {
        do throws(StoreError) {
            let requests = try store.open().recordReloadRequests(scopes, source: source, forced: forced)
            return Reload(requests: requests, deliveredToRunningHost: HostWakeup.notify(location))
        } catch {
            throw AppServiceError(error)
        }
    }
}

/// Which widget kinds are installed, and their families: what `AppService` checks a kind
/// against before recording anything for it.
///
/// Implementations must be safe to call from any thread and must not block for long: the
/// daemon's answers it from the bundles it has loaded, an app's from the store's catalog.
public protocol WidgetKindDirectory: Sendable {
    /// The families `kind` supports, in its order; empty when installed but its families are
    /// not known here; nil when no installed bundle declares it.
    func families(ofKind kind: String) -> [WidgetFamily]?
    /// Every installed kind, for the message naming an unknown one.
    var installedKinds: [String] { get }
}

/// The kinds the last `widgethost run` recorded in the store (`BundleCatalog`); with no catalog
/// yet (no host ever ran) every kind is accepted, as the first host to start will judge it.
public struct CatalogKindDirectory: WidgetKindDirectory {
    /// The store whose catalog it reads, opened on first use.
    public let store: LazySharedStore
    public var location: StoreLocation { store.location }

    public init(location: StoreLocation) { self.init(store: LazySharedStore(location: location)) }

    public init(store: LazySharedStore) { self.store = store }

    public func families(ofKind kind: String) -> [WidgetFamily]? {
        guard let catalog = try? store.open().catalog(), catalog.recordedAt != nil else { return [] }
        return catalog.kinds[kind] == nil ? nil : []
    }

    public var installedKinds: [String] {
        ((try? store.open().catalog())?.kinds.keys).map { Array($0).sorted() } ?? []
    }
}
