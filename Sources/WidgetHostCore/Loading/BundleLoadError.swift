import WidgetPayload

/// Why a bundle file could not be loaded. Each case names the file and says what to do.
public enum BundleLoadError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    case notELF(path: String)
    /// No file at the path any more: deleted or moved away since it was found.
    case missing(path: String)
    case openFailed(path: String, reason: String)
    case missingEntrySymbol(path: String)
    /// `host`: the ABI the host offered the entry.
    case entryReturnedNull(path: String, host: ABIVersion = .host)
    case incompatibleABI(path: String, bundle: ABIVersion, host: ABIVersion)
    case malformedBundle(path: String, field: String, problem: String)
    case initFailed(path: String, bundle: String)
    case invalidWidget(path: String, index: Int, kind: String?, field: String, problem: String)
    case hostServicesUnavailable(path: String, reason: String)
    /// A declared App Group that is not `group.` + a reverse-DNS name.
    case invalidAppGroup(path: String, bundle: String, index: Int, problem: AppGroupIDError)
    /// The bundle's entitlements or Info.plist could not be read (`BundleInfoFiles`).
    case bundleFile(path: String, problem: BundleFileError)
    /// A group in the bundle's entitlements file that is not an App Group name.
    case invalidEntitlementGroup(path: String, file: String, problem: AppGroupIDError)

    /// A stable name for the case, for JSON output and tests.
    public var code: String {
        switch self {
        case .notELF: "notELF"
        case .missing: "missing"
        case .openFailed: "openFailed"
        case .missingEntrySymbol: "missingEntrySymbol"
        case .entryReturnedNull: "entryReturnedNull"
        case .incompatibleABI: "incompatibleABI"
        case .malformedBundle: "malformedBundle"
        case .initFailed: "initFailed"
        case .invalidWidget: "invalidWidget"
        case .hostServicesUnavailable: "hostServicesUnavailable"
        case .invalidAppGroup: "invalidAppGroup"
        case .bundleFile: "bundleFile"
        case .invalidEntitlementGroup: "invalidEntitlementGroup"
        }
    }

    public var description: String {
        switch self {
        case .notELF(let path):
            return "\(path) is not a shared object (no ELF header); remove it from the bundle folder or rebuild it"
        case .missing(let path):
            return "\(path) is no longer there: it was deleted or moved away since it was found; put it back (widgethost install) or leave it out"
        case .openFailed(let path, let reason):
            return "\(path) could not be opened: \(reason); check that it was built with this host's Swift toolchain and that its dependencies are installed"
        case .missingEntrySymbol(let path):
            return "\(path) does not export wk_bundle_entry; it is not a widget bundle, or its export declaration is missing (see docs/authoring.md)"
        case .entryReturnedNull(let path, let host):
            return "\(path): wk_bundle_entry returned NULL when offered host ABI \(host): the bundle declined this host, most often because it was built against a newer widgethost ABI than \(host) (its own log output says which); rebuild the bundle against widgethost ABI \(host.major).\(host.minor)'s SDK or update the host"
        case .incompatibleABI(let path, let bundle, let host):
            return "\(path) was built against widgethost ABI \(bundle), but this host speaks ABI \(host) (it needs the same major and a minor no newer than \(host.minor)); rebuild the bundle against widgethost ABI \(host.major).\(host.minor)'s SDK or update the host"
        case .malformedBundle(let path, let field, let problem):
            return "\(path): wk_bundle_t.\(field) \(problem); fix the bundle's descriptor"
        case .initFailed(let path, let bundle):
            return "\(path): bundle \(bundle) returned false from init; see its log lines for why"
        case .invalidWidget(let path, let index, let kind, let field, let problem):
            let which = kind.map { "widget '\($0)'" } ?? "widget #\(index)"
            return "\(path): \(which): \(field) \(problem); fix the widget's descriptor"
        case .hostServicesUnavailable(let path, let reason):
            return "\(path): could not build its host services: \(reason)"
        case .invalidAppGroup(let path, let bundle, let index, let problem):
            return "\(path): bundle \(bundle) declares an invalid App Group at app_groups[\(index)]: \(problem)"
        case .bundleFile(let path, let problem):
            return "\(path) was refused: \(problem)"
        case .invalidEntitlementGroup(let path, let file, let problem):
            return "\(path): its entitlements file \(file) lists an invalid App Group under \(BundleInfoFiles.appGroupsKey): \(problem)"
        }
    }
}
