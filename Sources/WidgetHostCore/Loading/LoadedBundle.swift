import WidgetPayload
/// A bundle that passed every check and whose widgets can be called.
public struct LoadedBundle: Sendable {
    public let path: String
    public let name: String
    public let version: String
    public let abiVersion: ABIVersion
    /// The App Groups the bundle may use (ABI 1.1); empty for a 1.0 bundle.
    public let appGroups: [AppGroupID]
    public let widgets: [WidgetDescriptor]
    /// The SDK that built the bundle (`wk_bundle_t.sdk_version`, ABI 1.2); nil when older or unset.
    public let sdkVersion: String?
    /// The intents the bundle performs (`wk_bundle_t.intents_json`, ABI 1.4); empty when older
    /// or when it declares none. Every widget of the bundle carries the same list.
    public var intents: [IntentDeclaration] { widgets.first?.intents ?? [] }
    /// False when the bundle declared it needs no network (`WK_SANDBOX_NO_NETWORK` in
    /// `wk_bundle_t.sandbox_flags`, ABI 1.5), so its worker may be sandboxed without it; true for
    /// older bundles and by default.
    public let usesNetwork: Bool

    package init(
        path: String, name: String, version: String, abiVersion: ABIVersion, appGroups: [AppGroupID],
        widgets: [WidgetDescriptor], sdkVersion: String? = nil, usesNetwork: Bool = true
    ) {
        self.path = path
        self.name = name
        self.version = version
        self.abiVersion = abiVersion
        self.appGroups = appGroups
        self.widgets = widgets
        self.sdkVersion = sdkVersion
        self.usesNetwork = usesNetwork
    }
}
