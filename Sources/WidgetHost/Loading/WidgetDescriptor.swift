import WidgetABI
import WidgetPayload

/// One widget a bundle declares: what it is called and where its provider is.
public struct WidgetDescriptor: Sendable, Hashable {
    public let kind: String
    public let displayName: String
    public let description: String
    /// In the bundle's order of preference; never empty.
    public let families: [WidgetFamily]
    public let bundleName: String
    public let bundlePath: String
    let provider: ProviderHandle

    /// The family a call uses when none is named: the first the widget supports.
    public var defaultFamily: WidgetFamily { families[0] }
}

/// Where a widget's provider runs: loaded in this process, or in its bundle's worker.
enum ProviderHandle: Sendable, Hashable {
    case inProcess(ProviderEntryPoints)
    case worker(BundleWorker)
}

/// The bundle's `wk_widget_t`, through which the host calls its provider.
struct ProviderEntryPoints: @unchecked Sendable, Hashable {
    // Unchecked: the struct is owned by the bundle, lives for the life of the process and is
    // never written after the bundle hands it over; its functions are [thread-safe].
    let widget: UnsafePointer<wk_widget_t>
}
