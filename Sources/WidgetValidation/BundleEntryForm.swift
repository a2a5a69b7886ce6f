import WidgetHostCore

/// How a bundle hands itself to the host, as `validate` reports it in `entry-symbol`.
///
/// Read from what the bundle already says, ABI 1.2's `sdk_version`, so that telling the forms
/// apart needs no field of its own: a Swift bundle whose entry is `@main` names the SDK with
/// "; @main" inside the parentheses ("WidgetSDK 0.1.0 (ABI 1.6.0; @main)"); one that writes its
/// own `wk_bundle_entry` names it without ("WidgetSDK 0.1.0 (ABI 1.6.0)"), as every Swift bundle
/// did before `@main`.
public enum BundleEntryForm: Sendable, Hashable {
    /// A Swift bundle whose `WidgetBundle` or `Widget` is marked `@main`: the SDK's entry.
    case swiftMain
    /// A Swift bundle that defines `wk_bundle_entry` itself and calls `export(...)`.
    case swiftExport
    /// `wk_bundle_entry` written against the C headers, or by an SDK this host does not know:
    /// what its `sdk_version` says (nil when it says nothing).
    case other(sdkVersion: String?)

    /// The form `sdk_version` describes.
    public init(sdkVersion: String?) {
        guard let sdkVersion, sdkVersion.hasPrefix("WidgetSDK ") else {
            self = .other(sdkVersion: sdkVersion)
            return
        }
        self = sdkVersion.contains("; @main)") ? .swiftMain : .swiftExport
    }

    /// For the `entry-symbol` check's message.
    public var description: String {
        switch self {
        case .swiftMain: "its entry is the SDK's, for the WidgetBundle or Widget marked @main"
        case .swiftExport: "its entry is its own, calling the SDK's export(...)"
        case .other(let sdkVersion?): "its entry is its own (\(sdkVersion))"
        case .other(nil): "its entry is its own"
        }
    }
}
