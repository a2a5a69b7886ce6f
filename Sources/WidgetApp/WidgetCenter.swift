import WidgetStore
import WidgetStoreModel

/// Asks the host for fresh timelines, as WidgetKit's `WidgetCenter` does for an app.
///
/// A request is recorded in the shared store, then the running host (if any) is woken. Nothing
/// is lost when no host runs: the next one to start honours it. Unlike WidgetKit, a request that
/// cannot be recorded, or names a kind no installed bundle declares, throws, and the result says
/// whether a host was there to hear it. It is `AppService`'s WidgetCenter half, under WidgetKit's
/// names.
public final class WidgetCenter: Sendable {
    public static let shared = WidgetCenter()

    /// What became of a request.
    public enum Delivery: Sendable, Hashable {
        /// A running host was woken and will reload soon (budgets permitting).
        case deliveredToRunningHost
        /// No host is running; the request waits in the store for the next one.
        case queuedUntilHostStarts
    }

    let service: AppService

    /// - Parameters:
    ///   - location: Where the store is; by default `$WIDGETHOST_DATA_DIR` or the XDG data folder.
    ///   - source: Who is asking, as the host's log will show it.
    public init(location: StoreLocation = .resolve(), source: String = "app") {
        self.service = AppService(location: location, source: source)
    }

    /// A center over `service` (and its store, opened once for both).
    public init(service: AppService) {
        self.service = service
    }

    /// Asks for a fresh timeline of every widget of `kind`.
    @discardableResult
    public func reloadTimelines(ofKind kind: String) throws(AppServiceError) -> Delivery {
        Self.delivery(try service.reloadTimelines(ofKinds: [kind]))
    }

    /// Asks for fresh timelines of every kind.
    @discardableResult
    public func reloadAllTimelines() throws(AppServiceError) -> Delivery {
        Self.delivery(try service.reloadAllTimelines())
    }

    /// Records several requests at once, as they are (kinds unchecked), and wakes the host once.
    ///
    /// - Parameter forced: the user asked explicitly (`widgethost reload --force`): the host
    ///   reloads at once, outside the refresh budget. Apps leave it false, as in WidgetKit, where
    ///   an app's reloads count against its widgets' budget.
    @discardableResult
    public func recordRequests(
        _ scopes: [ReloadRequest.Scope], forced: Bool = false
    ) throws(AppServiceError) -> (requests: [ReloadRequest], delivery: Delivery) {
        let reload = try service.record(scopes, forced: forced)
        return (reload.requests, Self.delivery(reload))
    }

    private static func delivery(_ reload: AppService.Reload) -> Delivery {
        reload.deliveredToRunningHost ? .deliveredToRunningHost : .queuedUntilHostStarts
    }
}
