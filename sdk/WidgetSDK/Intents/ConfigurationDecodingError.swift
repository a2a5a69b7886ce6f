import WidgetPayload

/// Why a configuration could not become a typed intent; the call answers with it as an error.
public enum ConfigurationDecodingError: Error, Sendable, CustomStringConvertible {
    case notAnObject
    case wrongType(expected: ParameterType, found: JSONValue)
    case notAnOption(value: String, allowed: [String])
    case entityNotFound(id: String)
    case entityQueryFailed(reason: String)
    /// Names the parameter of an error above.
    indirect case parameter(name: String, ConfigurationDecodingError)
    case unknownParameter(name: String, known: [String])
    case missingValue(parameter: String)

    public var description: String {
        switch self {
        case .notAnObject: "the configuration is not a JSON object"
        case .wrongType(let expected, let found): "expects a \(expected.rawValue), not \(found)"
        case .notAnOption(let value, let allowed): "'\(value)' is not one of \(allowed.joined(separator: ", "))"
        case .entityNotFound(let id): "no entity has the id '\(id)'"
        case .entityQueryFailed(let reason): "the entity query failed: \(reason)"
        case .parameter(let name, let error): "parameter '\(name)' \(error)"
        case .unknownParameter(let name, let known):
            "'\(name)' is not a parameter; the parameters are \(known.joined(separator: ", "))"
        case .missingValue(let parameter): "parameter '\(parameter)' needs a value and has no default"
        }
    }
}

extension ConfigurationDecodingError {
    /// The parameter and saved id of an entity its query no longer finds; nil for any other error.
    var unavailableValue: UnavailableValue? {
        guard case .parameter(let name, .entityNotFound(let id)) = self else { return nil }
        return UnavailableValue(parameter: name, value: id)
    }

    /// The call's failure reply: the message, and the value no longer offered when that is why
    /// (payload.h's `error.unavailable`), so the host can say which parameter to pick again.
    func reply(kind: String) -> ProviderReply {
        ProviderReply(error: ErrorPayload(message: "\(kind): \(self)", unavailable: unavailableValue))
    }
}
