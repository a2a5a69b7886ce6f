/// A bundle that passed every check and whose widgets can be called.
public struct LoadedBundle: Sendable {
    public let path: String
    public let name: String
    public let version: String
    public let abiVersion: ABIVersion
    public let widgets: [WidgetDescriptor]
}
