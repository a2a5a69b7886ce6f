/// Why reading or writing an App Group's shared defaults failed. Every case names the group and,
/// where there is one, the key, and says what to do.
public enum DefaultsError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum KeyProblem: Sendable, Hashable {
        case empty
        case tooLong(bytes: Int)
        case containsNUL
    }

    /// The suite name is not an App Group name.
    case invalidGroup(AppGroupIDError)
    /// A bundle used a group it did not declare (WidgetKit's missing entitlement).
    case undeclaredGroup(group: String, bundle: String, declared: [String])
    case invalidKey(group: String, key: String, problem: KeyProblem)
    case valueTooLarge(group: String, key: String, bytes: Int, limit: Int)
    /// NaN or an infinity: JSON and SQLite have no place for them.
    case nonFiniteNumber(group: String, key: String)
    /// The value is there but of another type.
    case typeMismatch(group: String, key: String, expected: StoredValueType, found: StoredValueType)
    /// A JSON document (or JSON in data) that does not decode as the type asked for.
    case undecodable(group: String, key: String, type: String, reason: String)
    /// A value that could not be encoded as JSON.
    case unencodable(group: String, key: String, type: String, reason: String)
    /// The store could not be opened, read or written.
    case storeUnavailable(reason: String)
    /// A bundle used shared defaults outside a host (no host services to go through), or under
    /// a host too old to offer them.
    case noHost(group: String)
    /// The host refused a call for a reason this side has no case for; `message` says why.
    case refusedByHost(code: String, message: String)
    /// A date outside years 1 to 9999 (`SupportedDates`): a unit mistake, most likely. (Last, so
    /// the cases before it keep their layout.)
    case dateOutOfRange(group: String, key: String)

    /// A stable name for the case, for JSON output and for the host-services wire.
    public var code: String {
        switch self {
        case .invalidGroup: "invalidGroup"
        case .undeclaredGroup: "undeclaredGroup"
        case .invalidKey: "invalidKey"
        case .valueTooLarge: "valueTooLarge"
        case .nonFiniteNumber: "nonFiniteNumber"
        case .dateOutOfRange: "dateOutOfRange"
        case .typeMismatch: "typeMismatch"
        case .undecodable: "undecodable"
        case .unencodable: "unencodable"
        case .storeUnavailable: "storeUnavailable"
        case .noHost: "noHost"
        case .refusedByHost(let code, _): code
        }
    }

    public var description: String {
        switch self {
        case .invalidGroup(let error):
            return error.description
        case .undeclaredGroup(let group, let bundle, let declared):
            let list = declared.isEmpty ? "none" : declared.joined(separator: ", ")
            return "bundle '\(bundle)' used App Group '\(group)', which it does not declare (declared: \(list)). Add it to the bundle's entitlements file (com.apple.security.application-groups) or appGroups (export(appGroups:) in Swift, wk_bundle_t.app_groups in C), or fix the name"
        case .invalidKey(let group, let key, let problem):
            let reason = switch problem {
            case .empty: "is empty"
            case .tooLong(let bytes): "is \(bytes) bytes long, over the limit of \(DefaultsLimits.maximumKeyLength)"
            case .containsNUL: "contains a NUL character"
            }
            return "key '\(key)' in '\(group)' \(reason); use a short, non-empty name"
        case .valueTooLarge(let group, let key, let bytes, let limit):
            return "value for '\(key)' in '\(group)' is \(bytes) bytes, over the limit of \(limit); store large content as a file in the group's container folder and keep its name here"
        case .nonFiniteNumber(let group, let key):
            return "value for '\(key)' in '\(group)' is NaN or infinite, which the store cannot keep; store a finite number, or remove the key"
        case .dateOutOfRange(let group, let key):
            return "date for '\(key)' in '\(group)' is outside \(SupportedDates.summary); give seconds since 1970, not milliseconds, or a date in that range"
        case .typeMismatch(let group, let key, let expected, let found):
            return "'\(key)' in '\(group)' holds a \(found), not a \(expected); read it as a \(found), or write it again as a \(expected)"
        case .undecodable(let group, let key, let type, let reason):
            return "'\(key)' in '\(group)' does not decode as \(type): \(reason). Check that the app and the widget share one definition of the type"
        case .unencodable(let group, let key, let type, let reason):
            return "\(type) for '\(key)' in '\(group)' cannot be encoded as JSON: \(reason)"
        case .storeUnavailable(let reason):
            return "the shared store is unavailable: \(reason)"
        case .noHost(let group):
            return "no widgethost host offers shared defaults here, so '\(group)' cannot be reached; they work once the bundle is loaded by a host speaking ABI 1.1 or later"
        case .refusedByHost(_, let message):
            return message
        }
    }
}

