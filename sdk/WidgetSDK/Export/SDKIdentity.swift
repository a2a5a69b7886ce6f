import WidgetABI

/// What a bundle built with this SDK names in `wk_bundle_t.sdk_version` (ABI 1.2).
enum SDKIdentity {
    /// The SDK's release, which moves with the host's (`widgethost --version`).
    static let version = "0.1.0"

    static var description: String {
        let abi = ABINegotiation.sdk
        return "WidgetSDK \(version) (ABI \(abi.major).\(abi.minor).\(abi.patch))"
    }
}
