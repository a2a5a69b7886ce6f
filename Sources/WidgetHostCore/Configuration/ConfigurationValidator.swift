import WidgetPayload

/// Checks a configuration against its kind's schema before any call (issue 14): a wrong type,
/// an unknown parameter, a value not among an enum's options or a missing required value is a
/// `ConfigurationError`, and nothing reaches the provider. What passes comes back complete:
/// every default filled in, integers spelled as integers.
///
/// An entity's id is checked only for being a string: its options belong to the bundle and come
/// at run time; the SDK reports an id its query does not find.
public struct ConfigurationValidator: Sendable {
    public let kind: String
    public let schema: ConfigurationSchema?

    public init(kind: String, schema: ConfigurationSchema?) {
        self.kind = kind
        self.schema = schema
    }

    public init(_ widget: WidgetDescriptor) {
        self.init(kind: widget.kind, schema: widget.configurationSchema)
    }

    /// The configuration to send, with defaults filled in; nil for a static kind given none.
    /// A parameter given as JSON null counts as not given.
    public func validate(_ configuration: [String: JSONValue]) throws(ConfigurationError) -> [String: JSONValue]? {
        guard let schema else {
            guard configuration.isEmpty else { throw .notConfigurable(kind: kind) }
            return nil
        }
        for name in configuration.keys.sorted() where schema.parameter(named: name) == nil {
            throw .unknownParameter(kind: kind, name: name, known: schema.parameters.map(\.name))
        }
        var validated: [String: JSONValue] = [:]
        for parameter in schema.parameters {
            let given = configuration[parameter.name].flatMap { $0 == .null ? nil : $0 }
            if let given {
                validated[parameter.name] = try Self.check(given, for: parameter)
            } else if let fallback = parameter.defaultValue {
                validated[parameter.name] = fallback
            } else if parameter.isRequired {
                throw .missingValue(parameter: parameter.name, type: parameter.type, allowed: Self.allowed(parameter))
            }
        }
        return validated
    }

    /// The value as it is sent, or why it does not fit the parameter.
    static func check(_ value: JSONValue, for parameter: ConfigurationParameter) throws(ConfigurationError) -> JSONValue {
        let wrongType = ConfigurationError.wrongType(
            parameter: parameter.name, expected: parameter.type, found: describe(value), allowed: allowed(parameter))
        switch (parameter.type, value) {
        case (.string, .string), (.entity, .string), (.bool, .bool):
            return value
        case (.int, .integer):
            return value
        case (.int, .number(let number)):
            // 3.0 is the integer 3; 3.5 is not an integer.
            guard let integer = Int64(exactly: number) else { throw wrongType }
            return .integer(integer)
        case (.double, .integer), (.double, .number), (.date, .integer), (.date, .number):
            return value
        case (.enum, .string(let raw)):
            let options = allowed(parameter)
            guard options.contains(raw) else { throw .notAnOption(parameter: parameter.name, value: raw, allowed: options) }
            return value
        default:
            throw wrongType
        }
    }

    static func allowed(_ parameter: ConfigurationParameter) -> [String] {
        parameter.options?.map(\.value) ?? []
    }

    /// A value as a message shows it: its JSON type, and itself when short.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "the boolean \(flag)"
        case .integer(let number): "the integer \(number)"
        case .number(let number): "the number \(number)"
        case .string(let text): "the string \"\(text)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
