import Foundation
import WidgetPayload

/// What a host needs from a store, and nothing more: App Groups' defaults for its bundles' calls,
/// the inbox of reload requests apps and the CLI leave for it, the catalog it records of what it
/// loaded, and the widgets users added.
///
/// The host (`BundleHost`, in WidgetHostCore) is given one in its configuration and never opens
/// one itself. `SharedStore` (WidgetStore) is the one every widgethost process shares, SQLite in
/// the data folder; `MemoryHostStore` (WidgetHostCore) keeps everything in memory, for tests and
/// for an embedder with no data folder to share.
///
/// Every implementation must guarantee:
/// - **Thread safety**: every member may be called from any thread, concurrently with any other,
///   and each call is atomic: a reader sees a write whole or not at all.
/// - **Read-your-writes**: once a write returns, every later read of the same store, through this
///   value or any other handle on it, sees it. A store shared between processes makes the
///   write visible to them in the same way.
/// - **Durability**: a write that returned lasts as long as the store does: `SharedStore`'s
///   survive a killed process and a power cut; `MemoryHostStore`'s last as long as the object.
/// - **Ordering of reload requests**: each request recorded gets an id larger than any the store
///   handed out before, never reused, and `pendingReloadRequests()` lists them by id, oldest
///   first. The host relies on it: it claims requests by id, so a request recorded while it
///   was acting on others is never mistaken for one it has acknowledged.
/// - **Same refusals**: a defaults key or value is checked against `DefaultsLimits` and refused
///   with the same `DefaultsError` whatever the store, so a bundle sees one behaviour.
/// - **Instances announce themselves**: the protocol only reads instances, but a store whose
///   instances change (both here add, reconfigure and remove them) records a reload request from
///   `ReloadRequest.instancesChangedSource` for the kind after each change, so that a listening
///   host syncs its registry (`BundleHost.syncInstances`).
/// - **No callbacks under a lock**: a listener given to `listenForReloadRequests` is never
///   called with a lock of the store held, so it may call back into the store.
public protocol HostStore: Sendable {
    // MARK: Defaults: what a bundle's `defaults.h` calls reach

    /// The value of `key` in `group`; nil when the group holds none.
    func value(forKey key: String, in group: AppGroupID) throws(DefaultsError) -> StoredValue?

    /// Writes one key, replacing any earlier value.
    func setValue(_ value: StoredValue, forKey key: String, in group: AppGroupID) throws(DefaultsError)

    /// Removes a key; true when it was there.
    @discardableResult
    func removeValue(forKey key: String, in group: AppGroupID) throws(DefaultsError) -> Bool

    /// The group's container folder, created (0700, as `DataFolderPrivacy` makes folders) if
    /// missing: a real folder whatever the store, since a container holds files.
    func containerURL(for group: AppGroupID) throws(DefaultsError) -> URL

    /// Tells whoever watches this store's defaults (a running daemon's D-Bus `Changed` signal and
    /// event stream, for `SharedStore`) that `keys` of `group` changed. The host calls it after
    /// a bundle's `setValue` or `removeValue` returned. A hint after the fact: it never fails,
    /// and nothing is lost when nobody watches, since the values themselves are in the store.
    func announceDefaultsChange(keys: [String], in group: AppGroupID)

    // MARK: The reload inbox

    /// The requests no host has acknowledged yet, oldest (smallest id) first.
    func pendingReloadRequests() throws(StoreError) -> [ReloadRequest]

    /// Forgets the requests up to and including `id`, once a host has acted on them. Requests
    /// recorded meanwhile have larger ids and stay.
    func acknowledgeReloadRequests(through id: Int64) throws(StoreError)

    /// Calls `onRecorded` each time a recorder says it has recorded requests, until the listener
    /// returned is stopped: after each `recordReloadRequests` of `MemoryHostStore`; after each
    /// poke of `SharedStore`'s wake-up socket (`HostWakeup`), which apps, the CLI and every change
    /// of instances send once their requests are written, from any process. A call comes after
    /// the requests it tells of are readable by `pendingReloadRequests()`; several recordings may
    /// be told in one call, and a call may find nothing new pending: it only says "look again".
    /// It runs on a thread of the store's, never with the store's or the recorder's lock held.
    ///
    /// A store may allow one listener at a time (`SharedStore`: one host per data folder), and
    /// throws `HostWakeupError.anotherHostListening` for a second.
    func listenForReloadRequests(
        _ onRecorded: @escaping @Sendable () -> Void
    ) throws(HostWakeupError) -> any ReloadRequestListener

    // MARK: The bundle catalog

    /// Replaces the catalog with what a host has just loaded. A catalog with no `recordedAt` is
    /// stamped with the time of recording.
    func recordCatalog(_ catalog: BundleCatalog) throws(StoreError)

    // MARK: Instances

    /// Every instance users added, oldest first (by creation time, then id).
    func instances() throws(StoreError) -> [WidgetInstance]

    /// The instance `id`; nil when there is none.
    func instance(_ id: WidgetInstanceID) throws(StoreError) -> WidgetInstance?
}
