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
    /// The parameters of a configurable kind (ABI 1.3's `configuration_schema_json`); nil for a
    /// static kind, and for every kind of a bundle older than 1.3.
    public let configurationSchema: ConfigurationSchema?
    /// The intents of the kind's bundle (ABI 1.4's `wk_bundle_t.intents_json`), which any of its
    /// widgets may perform; empty for a bundle older than 1.4 or declaring none.
    public let intents: [IntentDeclaration]
    /// How calls reach the provider: in this process, or in the bundle's worker.
    package let provider: any ProviderTransport

    package init(
        kind: String, displayName: String, description: String, families: [WidgetFamily],
        bundleName: String, bundlePath: String, provider: any ProviderTransport,
        configurationSchema: ConfigurationSchema? = nil, intents: [IntentDeclaration] = []
    ) {
        self.intents = intents
        self.configurationSchema = configurationSchema
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

    /// True for a kind a person configures per instance (`AppIntentConfiguration`).
    public var isConfigurable: Bool { configurationSchema != nil }

    // The provider counts by identity: the same widget served by another worker is another one.
    public static func == (lhs: WidgetDescriptor, rhs: WidgetDescriptor) -> Bool {
        lhs.kind == rhs.kind && lhs.displayName == rhs.displayName && lhs.description == rhs.description
            && lhs.families == rhs.families && lhs.bundleName == rhs.bundleName
            && lhs.bundlePath == rhs.bundlePath && lhs.configurationSchema == rhs.configurationSchema
            && lhs.intents == rhs.intents
            && lhs.provider === rhs.provider
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
    /// The widget's bundle, whose `perform` (ABI 1.4) runs the bundle's intents; nil only for
    /// entry points made without one (tests that call a lone widget).
    package let bundle: UnsafePointer<wk_bundle_t>?

    package init(widget: UnsafePointer<wk_widget_t>, bundle: UnsafePointer<wk_bundle_t>? = nil) {
        self.widget = widget
        self.bundle = bundle
    }
}
