import WidgetABI

/// Asks the host to reload widgets' timelines, as WidgetKit's `WidgetCenter` does.
///
/// Unlike WidgetKit, a request the host refuses is not silent: the host logs it against this
/// bundle, and the methods return whether the host accepted it.
public final class WidgetCenter: Sendable {
    public static let shared = WidgetCenter()

    private init() {}

    /// Asks for a fresh timeline for one of this bundle's kinds.
    @discardableResult
    public func reloadTimelines(ofKind kind: String) -> Bool {
        guard let reload = HostConnection.function(\.reload_timelines) else {
            standardError("WidgetCenter.reloadTimelines(ofKind: \(kind)): no host is connected")
            return false
        }
        return kind.withCString { reload($0) } == WK_STATUS_OK
    }

    /// Asks for fresh timelines for all of this bundle's kinds.
    @discardableResult
    public func reloadAllTimelines() -> Bool {
        guard let reload = HostConnection.function(\.reload_all_timelines) else {
            standardError("WidgetCenter.reloadAllTimelines(): no host is connected")
            return false
        }
        return reload() == WK_STATUS_OK
    }
}
