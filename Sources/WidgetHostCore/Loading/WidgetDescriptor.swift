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
    /// How calls reach the provider: in this process, or in the bundle's worker.
    package let provider: any ProviderTransport

    package init(
        kind: String, displayName: String, description: String, families: [WidgetFamily],
        bundleName: String, bundlePath: String, provider: any ProviderTransport
    ) {
        self.kind = kind
        self.displayName = displayName
        self.description = description
        self.families = families
        self.bundleName = bundleName
        self.bundlePath = bundlePath
        self.provider = provider
    }

    /// The family a call uses when none is named: the first the widget supports.
    public var defaultFamily: WidgetFamily { families[0] }

    // The provider counts by identity: the same widget served by another worker is another one.
    public static func == (lhs: WidgetDescriptor, rhs: WidgetDescriptor) -> Bool {
        lhs.kind == rhs.kind && lhs.displayName == rhs.displayName && lhs.description == rhs.description
            && lhs.families == rhs.families && lhs.bundleName == rhs.bundleName
            && lhs.bundlePath == rhs.bundlePath && lhs.provider === rhs.provider
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(bundlePath)
        hasher.combine(ObjectIdentifier(provider))
    }
}

/// The bundle's `wk_widget_t`, through which the host calls its provider.
package struct ProviderEntryPoints: @unchecked Sendable, Hashable {
    // Unchecked: the struct is owned by the bundle, lives for the life of the process and is
    // never written after the bundle hands it over; its functions are [thread-safe].
    package let widget: UnsafePointer<wk_widget_t>
}
