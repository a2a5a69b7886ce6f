import WidgetPayload
/// Why the host could not answer a request for a kind.
public enum HostCallError: Error, Sendable, CustomStringConvertible {
    /// No loaded bundle declares the kind.
    case unknownKind(String, known: [String])
    /// The kind was refused because two bundles declare it.
    case duplicateKind(DuplicateKind)
    case unsupportedFamily(kind: String, family: WidgetFamily, supported: [WidgetFamily])
    /// The configuration does not fit the kind's schema; the provider was not called.
    case invalidConfiguration(kind: String, ConfigurationError)
    /// The provider was called and failed.
    case callFailed(WidgetCallFailure)
    /// Options were asked for a parameter that has none at run time: the kind is static, has no
    /// such parameter, or the parameter is not an entity. No call was made.
    case notAnEntityParameter(EntityParameterRefusal)
    /// The bundle was asked for an entity parameter's options and gave none usable.
    case entityOptionsFailed(EntityOptionsFailure)
    /// An intent was not performed because the kind's bundle does not declare it, or the values
    /// do not fit its parameters. No call was made.
    case intentRefused(IntentRefusal)
    /// The bundle was asked to perform an intent, and it failed (threw, timed out, …).
    case performFailed(PerformFailure)
    /// The bundle was asked for a kind's previews and gave none usable.
    case previewsFailed(PreviewsFailure)

    public var description: String {
        switch self {
        case .unknownKind(let kind, let known):
            let list = known.isEmpty ? "no kinds are loaded; check `widgethost bundles`" : "known kinds: \(known.joined(separator: ", "))"
            return "unknown kind '\(kind)'; \(list)"
        case .duplicateKind(let duplicate):
            return duplicate.description
        case .unsupportedFamily(let kind, let family, let supported):
            return "kind '\(kind)' does not support family \(family.rawValue); it supports \(supported.map(\.rawValue).joined(separator: ", "))"
        case .invalidConfiguration(let kind, let error):
            return "\(kind): \(error)"
        case .callFailed(let failure):
            return failure.description
        case .notAnEntityParameter(let refusal):
            return refusal.description
        case .entityOptionsFailed(let failure):
            return failure.description
        case .intentRefused(let refusal):
            return refusal.description
        case .performFailed(let failure):
            return failure.description
        case .previewsFailed(let failure):
            return failure.description
        }
    }
}

/// A provider call that failed, with everything needed to find the culprit.
public struct WidgetCallFailure: Error, Sendable, CustomStringConvertible {
    public let kind: String
    public let family: WidgetFamily
    public let call: ProviderCall
    public let bundlePath: String
    public let error: ProviderCallError

    public var description: String {
        "\(kind) \(call.rawValue) (\(family.rawValue)) from \(bundlePath): \(error)"
    }
}
