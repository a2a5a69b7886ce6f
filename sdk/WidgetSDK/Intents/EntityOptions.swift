import WidgetPayload

/// The options of an entity parameter, asked for at run time (`wk_widget_t.entity_options`).
enum EntityOptions {
    static func options<Intent: WidgetConfigurationIntent>(
        of intent: Intent.Type, parameter: String
    ) async throws -> [ParameterOption] {
        try await options(in: IntentParameters(of: Intent()), parameter: parameter)
    }

    /// A configurable control's, as a widget's.
    static func options<Intent: ControlConfigurationIntent>(
        of intent: Intent.Type, parameter: String
    ) async throws -> [ParameterOption] {
        try await options(in: IntentParameters(of: Intent()), parameter: parameter)
    }

    /// The entities of `parameter` whose query matches `text` (`EntityStringQuery`).
    static func matching<Intent: WidgetConfigurationIntent>(
        _ text: String, of intent: Intent.Type, parameter: String
    ) async throws -> [ParameterOption] {
        let parameters = IntentParameters(of: Intent())
        guard let slot = parameters.slot(named: parameter) else {
            throw ConfigurationDecodingError.unknownParameter(name: parameter, known: parameters.names)
        }
        guard let options = try await slot.matchingOptions(text) else { throw EntityOptionsError.notSearchable(parameter: parameter) }
        return options
    }

    private static func options(in parameters: IntentParameters, parameter: String) async throws -> [ParameterOption] {
        guard let slot = parameters.slot(named: parameter) else {
            throw ConfigurationDecodingError.unknownParameter(name: parameter, known: parameters.names)
        }
        guard let options = try await slot.suggestedOptions() else {
            throw EntityOptionsError.notAnEntity(parameter: parameter)
        }
        return options
    }

    /// The reply the host reads: `{"version": 1, "options": [{"value", "title"}]}`.
    static func reply(_ options: [ParameterOption]) -> JSONValue {
        .object(["version": .integer(Int64(PayloadVersion.current)), "options": .array(options.map(\.jsonValue))])
    }
}

/// Why entity options could not be given.
enum EntityOptionsError: Error, CustomStringConvertible {
    case notAnEntity(parameter: String)
    case notSearchable(parameter: String)

    var description: String {
        switch self {
        case .notAnEntity(let parameter): "parameter '\(parameter)' is not an entity; only entities have options at run time"
        case .notSearchable(let parameter):
            "parameter '\(parameter)''s query is not an EntityStringQuery; only its suggested entities can be listed"
        }
    }
}
