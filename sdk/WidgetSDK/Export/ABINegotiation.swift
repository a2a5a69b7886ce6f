import WidgetABI
import WidgetABIFields

/// Which ABI a bundle built with this SDK claims for a given host (`version.h`).
///
/// A host of the SDK's major and an older minor gets the bundle shaped as that minor: its
/// version and a `struct_size` that ends at that minor's last field, so that the host reads what
/// it knows and nothing else. A host the SDK cannot serve is refused, naming both versions.
enum ABINegotiation {
    /// The ABI of the headers this SDK was built with.
    static let sdk = wk_version_t(
        major: UInt32(WK_ABI_VERSION_MAJOR), minor: UInt32(WK_ABI_VERSION_MINOR), patch: UInt32(WK_ABI_VERSION_PATCH))

    /// The version to claim for a host speaking `host` (nil: the host did not say, so the SDK's
    /// own), or why the bundle cannot run beside it.
    static func claim(for host: wk_version_t?, bundle: String, appGroups: [String]) -> Result<wk_version_t, ExportRefusal> {
        guard let host else { return .success(sdk) }
        guard host.major == sdk.major else {
            return .failure(ExportRefusal(bundle: bundle, host: host, reason: "another major ABI"))
        }
        if host.minor >= sdk.minor { return .success(sdk) }
        // App Groups arrived in 1.1: a bundle that declares some cannot be shaped as 1.0.
        let oldest: UInt32 = appGroups.isEmpty ? 0 : 1
        guard host.minor >= oldest else {
            return .failure(ExportRefusal(
                bundle: bundle, host: host,
                reason: "the bundle declares App Groups, which need ABI \(sdk.major).\(oldest)"))
        }
        return .success(wk_version_t(major: host.major, minor: host.minor, patch: 0))
    }

    /// The `struct_size` of a `wk_bundle_t` shaped as `version`: it ends at that minor's last field.
    static func bundleSize(for version: wk_version_t) -> UInt32 {
        switch version.minor {
        case 0: wk_bundle_t.size(through: \.widget_count)
        case 1: wk_bundle_t.size(through: \.app_group_count)
        // 1.3 grew the widget, not the bundle.
        case 2, 3: wk_bundle_t.size(through: \.sdk_version)
        case 4: wk_bundle_t.size(through: \.perform)
        // 1.6 and 1.7 grew the widget, not the bundle.
        default: UInt32(MemoryLayout<wk_bundle_t>.size)
        }
    }

    /// The `struct_size` of a `wk_widget_t` shaped as `version`: a host older than 1.3 is shown
    /// no configuration schema and no entity options (a configurable kind then runs with its
    /// intent's defaults); one older than 1.6 no previews; one older than 1.7 no entity query
    /// (it matches a search against the suggestions itself).
    static func widgetSize(for version: wk_version_t) -> UInt32 {
        switch version.minor {
        case 0, 1, 2: wk_widget_t.size(through: \.timeline)
        case 3, 4, 5: wk_widget_t.size(through: \.entity_options)
        case 6: wk_widget_t.size(through: \.previews)
        default: UInt32(MemoryLayout<wk_widget_t>.size)
        }
    }

    /// The version the host passed to `wk_bundle_entry`; nil when it passed none.
    static func hostVersion(_ argument: UnsafeRawPointer?) -> wk_version_t? {
        argument?.load(as: wk_version_t.self)
    }
}

/// Why a bundle will not run beside a host: the SDK's ABI and the host's, and what to do.
struct ExportRefusal: Error, CustomStringConvertible {
    let bundle: String
    let host: wk_version_t
    let reason: String

    var description: String {
        let sdk = ABINegotiation.sdk
        return "widgethost bundle \(bundle) was built with WidgetSDK for ABI \(sdk.major).\(sdk.minor).\(sdk.patch), "
            + "but the host speaks ABI \(host.major).\(host.minor).\(host.patch) (\(reason)); "
            + "rebuild the bundle against widgethost ABI \(host.major).\(host.minor)'s SDK or update the host"
    }
}
