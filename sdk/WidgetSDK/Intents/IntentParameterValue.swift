import FoundationEssentials
import WidgetPayload

/// A type an `@Parameter` can hold, and how it is spelled in a configuration
/// (docs/configuration.md). String, Int, Double, Bool, Date, `AppEnum`s, `AppEntity`s, and an
/// optional of any of them.
public protocol IntentParameterValue: Sendable {
    /// Filled in by the SDK's conformances; not meant to be implemented elsewhere.
    static var parameterType: ParameterType { get }
    /// The value in a configuration.
    var configurationValue: JSONValue { get }
    /// The value a configuration spells; entities are looked up through their query.
    static func fromConfiguration(_ value: JSONValue) async throws(ConfigurationDecodingError) -> Self
    /// An enum's cases; nil for every other type.
    static var parameterOptions: [ParameterOption]? { get }
    /// The value a parameter holds when a configuration gives none and it has no default: nil
    /// for an optional, none (so the parameter is required) otherwise.
    static var absentValue: Self? { get }
}

extension IntentParameterValue {
    public static var parameterOptions: [ParameterOption]? { nil }
    public static var absentValue: Self? { nil }
}

extension String: IntentParameterValue {
    public static var parameterType: ParameterType { .string }
    public var configurationValue: JSONValue { .string(self) }
    public static func fromConfiguration(_ value: JSONValue) throws(ConfigurationDecodingError) -> String {
        guard case .string(let text) = value else { throw .wrongType(expected: .string, found: value) }
        return text
    }
}

extension Int: IntentParameterValue {
    public static var parameterType: ParameterType { .int }
    public var configurationValue: JSONValue { .integer(Int64(self)) }
    public static func fromConfiguration(_ value: JSONValue) throws(ConfigurationDecodingError) -> Int {
        switch value {
        case .integer(let number): if let int = Int(exactly: number) { return int }
        case .number(let number): if let int = Int(exactly: number) { return int }
        default: break
        }
        throw .wrongType(expected: .int, found: value)
    }
}

extension Double: IntentParameterValue {
    public static var parameterType: ParameterType { .double }
    public var configurationValue: JSONValue { .number(self) }
    public static func fromConfiguration(_ value: JSONValue) throws(ConfigurationDecodingError) -> Double {
        switch value {
        case .integer(let number): return Double(number)
        case .number(let number): return number
        default: throw .wrongType(expected: .double, found: value)
        }
    }
}

extension Bool: IntentParameterValue {
    public static var parameterType: ParameterType { .bool }
    public var configurationValue: JSONValue { .bool(self) }
    public static func fromConfiguration(_ value: JSONValue) throws(ConfigurationDecodingError) -> Bool {
        guard case .bool(let flag) = value else { throw .wrongType(expected: .bool, found: value) }
        return flag
    }
}

extension Date: IntentParameterValue {
    public static var parameterType: ParameterType { .date }
    /// Seconds since 1970, as every date in payload.h.
    public var configurationValue: JSONValue { .number(timeIntervalSince1970) }
    public static func fromConfiguration(_ value: JSONValue) throws(ConfigurationDecodingError) -> Date {
        Date(timeIntervalSince1970: try Double.fromConfiguration(value))
    }
}

extension Optional: IntentParameterValue where Wrapped: IntentParameterValue {
    public static var parameterType: ParameterType { Wrapped.parameterType }
    public var configurationValue: JSONValue { map(\.configurationValue) ?? .null }
    public static func fromConfiguration(_ value: JSONValue) async throws(ConfigurationDecodingError) -> Wrapped? {
        if value == .null { return nil }
        return try await Wrapped.fromConfiguration(value)
    }
    public static var parameterOptions: [ParameterOption]? { Wrapped.parameterOptions }
    /// An optional parameter without a value is nil: never required.
    public static var absentValue: Wrapped?? { .some(nil) }
}
