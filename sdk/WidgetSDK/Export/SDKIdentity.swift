import WidgetABI

/// What a bundle built with this SDK names in `wk_bundle_t.sdk_version` (ABI 1.2).
enum SDKIdentity {
    /// The SDK's release, which moves with the host's (`widgethost --version`).
    static let version = "0.1.0"

    /// The marker a bundle whose entry is `@main` adds inside the parentheses, e.g.
    /// "WidgetSDK 0.1.0 (ABI 1.6.0; @main)": how `widgethost validate` tells the entry forms
    /// apart without a field of its own. The explicit form names none, as every SDK before
    /// `@main` did.
    static let mainEntryMarker = "; @main"

    static func description(entry: EntryForm) -> String {
        let abi = ABINegotiation.sdk
        let marker = entry == .main ? mainEntryMarker : ""
        return "WidgetSDK \(version) (ABI \(abi.major).\(abi.minor).\(abi.patch)\(marker))"
    }

    static var description: String { description(entry: .explicit) }
}

/// How a bundle hands itself to the host.
enum EntryForm: Hashable, Sendable {
    /// Its `WidgetBundle` or `Widget` is marked `@main`: the SDK's `wk_bundle_entry` runs.
    case main
    /// It writes `wk_bundle_entry` itself and calls `export(...)`.
    case explicit
}
