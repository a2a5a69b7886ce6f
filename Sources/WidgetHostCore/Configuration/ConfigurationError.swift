import WidgetPayload

/// Why a configuration does not fit its kind's schema. Each case names the parameter and what it
/// may hold, so the message alone tells a person what to write instead.
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind is static: it takes no configuration at all.
    case notConfigurable(kind: String)
    case unknownParameter(kind: String, name: String, known: [String])
    case wrongType(parameter: String, expected: ParameterType, found: String, allowed: [String])
    case notAnOption(parameter: String, value: String, allowed: [String])
    case missingValue(parameter: String, type: ParameterType, allowed: [String])
    /// A `--set` (or form field) that is not `NAME=VALUE`.
    case malformedAssignment(String)

    public var description: String {
        switch self {
        case .notConfigurable(let kind):
            return "\(kind) is not configurable; it takes no parameters"
        case .unknownParameter(let kind, let name, let known):
            let list = known.isEmpty ? "none" : known.joined(separator: ", ")
            return "\(kind) has no parameter '\(name)'; its parameters are \(list)"
        case .wrongType(let parameter, let expected, let found, let allowed):
            return "parameter '\(parameter)' takes \(Self.spelling(expected, allowed)), not \(found)"
        case .notAnOption(let parameter, let value, let allowed):
            return "parameter '\(parameter)' cannot be '\(value)'; it is one of \(allowed.joined(separator: ", "))"
        case .missingValue(let parameter, let type, let allowed):
            return "parameter '\(parameter)' needs a value (\(Self.spelling(type, allowed))) and has no default"
        case .malformedAssignment(let text):
            return "'\(text)' is not NAME=VALUE; write, for example, --set spot=harbor"
        }
    }

    /// How a type's values are written, for messages.
    static func spelling(_ type: ParameterType, _ allowed: [String]) -> String {
        switch type {
        case .string: "a string"
        case .int: "an integer"
        case .double: "a number"
        case .bool: "true or false"
        case .date: "a date (ISO 8601, or seconds since 1970)"
        case .enum: "one of \(allowed.joined(separator: ", "))"
        case .entity: allowed.isEmpty ? "an entity id (a string)" : "an entity id, such as \(allowed.joined(separator: ", "))"
        }
    }
}
