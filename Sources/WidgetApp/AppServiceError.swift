import WidgetStore
import WidgetStoreModel

/// Why an app's call was refused, with what to do. A struct over a code, so that cases can be
/// added without breaking callers that switch on `code`.
///
/// Every front end speaks these codes: the D-Bus service as `dev.widgethost.WidgetHost1.Error.<code>`,
/// the HTTP API as its `code` field, the CLI as its message. The words are the same everywhere.
public struct AppServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Not an App Group name (`group.` and a reverse-DNS name).
        public static let invalidGroup = Code(rawValue: "InvalidGroup")
        /// An empty key, one with a NUL, or one over the length limit.
        public static let invalidKey = Code(rawValue: "InvalidKey")
        /// A value the store cannot keep: too large, not finite, a type it has no column for.
        public static let invalidValue = Code(rawValue: "InvalidValue")
        /// A read of a key the group does not hold.
        public static let unknownKey = Code(rawValue: "UnknownKey")
        /// A kind no installed bundle declares.
        public static let unknownKind = Code(rawValue: "UnknownKind")
        /// A family that is not a widget family, or one the kind does not support.
        public static let unknownFamily = Code(rawValue: "UnknownFamily")
        /// The shared store could not be opened, read or written.
        public static let storeUnavailable = Code(rawValue: "StoreUnavailable")
    }

    public let code: Code
    public let description: String

    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    init(_ error: DefaultsError) {
        let code: Code = switch error {
        case .invalidGroup: .invalidGroup
        case .invalidKey: .invalidKey
        case .valueTooLarge, .nonFiniteNumber, .dateOutOfRange, .unencodable, .typeMismatch, .undecodable: .invalidValue
        case .storeUnavailable, .noHost, .undeclaredGroup, .refusedByHost: .storeUnavailable
        }
        self.init(code, error.description)
    }

    init(_ error: StoreError) {
        self.init(.storeUnavailable, DefaultsError.storeUnavailable(reason: error.description).description)
    }

    public static func unknownKey(_ key: String, in group: String) -> Self {
        AppServiceError(.unknownKey, "'\(group)' has no value for '\(key)'; `widgethost defaults list \(group)` (GetAll) shows the keys it has")
    }

    public static func unknownKinds(_ kinds: [String], known: [String]) -> Self {
        let names = kinds.map { "'\($0)'" }.joined(separator: ", ")
        let list = known.isEmpty ? "none (no bundle is installed)" : known.sorted().joined(separator: ", ")
        return AppServiceError(.unknownKind, "no installed bundle declares \(kinds.count == 1 ? "kind" : "kinds") \(names); known kinds: \(list)")
    }

    public static func unknownFamily(_ family: String, kind: String, supported: [WidgetFamily]) -> Self {
        let list = supported.map(\.rawValue).joined(separator: ", ")
        return AppServiceError(.unknownFamily, "'\(family)' is not a family \(kind) supports; its families: \(list)")
    }
}
