import Foundation
import Logging
import Synchronization
import WidgetStoreModel

/// The host's side of reload requests made by apps and the CLI (`WidgetCenter`, `widgethost
/// reload`): reads them from the host's store, marks the registry, and forgets them only once the
/// host has acted, so that a host that dies first leaves them for the next one.
public final class ReloadRequestInbox: Sendable {
    private let registry: TimelineRegistry
    private let store: any HostStore
    private let logger: Logger
    private let knownKinds: Set<String>
    private let clock: any HostClock
    /// The newest request already marked in the registry, so a second wake-up does not count
    /// the same request twice.
    private let lastCollected = Mutex<Int64>(0)

    init(registry: TimelineRegistry, store: any HostStore, logger: Logger, clock: any HostClock, knownKinds: [String]) {
        self.registry = registry
        self.clock = clock
        self.store = store
        self.logger = logger
        self.knownKinds = Set(knownKinds)
    }

    /// Marks the registry for every request not collected yet and returns them, oldest first.
    ///
    /// Serialised: a listener's wake-up and the host's own `collect()` may run at once, and must
    /// not both hand out (and mark) the same requests. Only the claim is under the lock: the
    /// store is read before it, and the registry marked and the log written after it, since
    /// marking wakes the registry's observer and logging runs the log handler, neither of which
    /// may run under a lock.
    public func collect() throws(StoreError) -> [ReloadRequest] {
        let pending = try store.pendingReloadRequests()
        // Ids only grow (`HostStore` promises it), so claiming those past the newest claimed hands each request out once,
        // whichever of two reads (each ordered by id) claims first.
        let fresh = lastCollected.withLock { seen -> [ReloadRequest] in
            let fresh = pending.filter { $0.id > seen }
            if let newest = fresh.last { seen = max(seen, newest.id) }
            return fresh
        }
        let known = knownKinds
        // Instances changed: the host syncs them (`syncInstances`), which marks what needs a call.
        for request in fresh where !request.isInstancesChange {
            // On the host's clock: the app's clock stamped the request, and a host on a
            // virtual clock (or a clock stepped back) must not see it made in its future.
            let requestedAt = min(request.requestedAt, clock.now)
            switch request.scope {
            case .allKinds:
                registry.recordReloadRequest(kinds: Array(known), at: requestedAt, forced: request.forced)
            case .kind(let kind) where known.contains(kind):
                registry.recordReloadRequest(kinds: [kind], at: requestedAt, forced: request.forced)
            case .kind(let kind):
                logger.warning(
                    "reload requested for kind '\(kind)', which no loaded bundle declares; ignored",
                    metadata: ["source": "\(request.source)"])
            case .widget(let kind, let family, let instance):
                // Only that widget: the kind's other families and instances keep their plans.
                let key = TimelineKey(kind: kind, family: family, instance: instance)
                if !registry.recordReloadRequest(of: key, at: requestedAt, forced: request.forced) {
                    logger.warning(
                        "reload requested for widget \(key.label), which the host does not show (an instance removed, or a kind or family no loaded bundle declares); ignored",
                        metadata: ["source": "\(request.source)"])
                }
            }
        }
        return fresh
    }

    /// Forgets requests the host has now honoured.
    public func acknowledge(_ requests: [ReloadRequest]) throws(StoreError) {
        guard let newest = requests.map(\.id).max() else { return }
        try store.acknowledgeReloadRequests(through: newest)
    }

    /// Listens to the store (`HostStore.listenForReloadRequests`): each wake-up collects the new
    /// requests and hands them to `onRequests` (on the store's thread). Keep the listener;
    /// `stop()` it to end.
    public func listen(
        onRequests: @escaping @Sendable ([ReloadRequest]) -> Void
    ) throws(HostWakeupError) -> any ReloadRequestListener {
        try store.listenForReloadRequests { [self] in
            do {
                let requests = try collect()
                if !requests.isEmpty { onRequests(requests) }
            } catch {
                logger.error("cannot read reload requests: \(error)")
            }
        }
    }
}
