import WidgetApp
import WidgetHostCore

/// The daemon's answer to "which kinds are installed": the bundles it has loaded now, with each
/// kind's families, for the app-facing service behind D-Bus and HTTP.
public struct LoadedKinds: WidgetKindDirectory {
    let host: BundleHost

    public init(host: BundleHost) { self.host = host }

    public func families(ofKind kind: String) -> [WidgetFamily]? {
        host.bundles.catalog.widget(kind: kind)?.families
    }

    public var installedKinds: [String] { host.bundles.catalog.widgets.map(\.kind).sorted() }
}

/// Who handles a tap on a widget's URL before the daemon opens it itself: an app on the bus
/// that asked for its kinds' URLs (`WidgetHostBus.deliverWidgetURL`). Returns true when one
/// took it. Called on a server thread; must not block.
public typealias WidgetURLHandler = @Sendable (_ kind: String, _ instance: String?, _ url: String) -> Bool
