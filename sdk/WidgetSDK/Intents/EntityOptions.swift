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

    /// What `wk_widget_t.entity_query` (ABI 1.7) asks of a widget's intent: the entities of a
    /// parameter matching text (`entities(matching:)`) or having ids (`entities(for:)`).
    static func query<Intent: WidgetConfigurationIntent>(
        _ request: EntityQueryRequest, of intent: Intent.Type
    ) async throws -> [ParameterOption] {
        try await query(request, in: IntentParameters(of: Intent()))
    }

    /// A configurable control's, as a widget's.
    static func query<Intent: ControlConfigurationIntent>(
        _ request: EntityQueryRequest, of intent: Intent.Type
    ) async throws -> [ParameterOption] {
        try await query(request, in: IntentParameters(of: Intent()))
    }

    private static func query(_ request: EntityQueryRequest, in parameters: IntentParameters) async throws -> [ParameterOption] {
        guard let slot = parameters.slot(named: request.parameter) else {
            throw ConfigurationDecodingError.unknownParameter(name: request.parameter, known: parameters.names)
        }
        switch request.question {
        case .matching(let text):
            guard let options = try await slot.matchingOptions(text) else {
                throw EntityOptionsError.notSearchable(parameter: request.parameter)
            }
            return options
        case .identifiers(let ids):
            guard let options = try await slot.identifiedOptions(ids) else {
                throw EntityOptionsError.notAnEntity(parameter: request.parameter)
            }
            return options
        }
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

/// A request of `wk_widget_t.entity_query` (ABI 1.7), as `widget.h` spells it:
/// `{"version": 1, "parameter": P, "matching": TEXT}` or `{"version": 1, "parameter": P, "identifiers": [ID, ...]}`.
struct EntityQueryRequest: Sendable {
    enum Question: Sendable {
        case matching(String)
        case identifiers([String])
    }

    let parameter: String
    let question: Question

    /// The request in `json`, or why it is none.
    static func read(_ json: [UInt8]) -> Result<EntityQueryRequest, EntityOptionsError> {
        guard case .object(let members)? = try? JSONReader().read(json) else {
            return .failure(.badRequest("the request is not a JSON object"))
        }
        guard case .integer(let version)? = members["version"], version <= PayloadVersion.current else {
            return .failure(.badRequest("the request's \"version\" is missing or newer than \(PayloadVersion.current)"))
        }
        guard case .string(let parameter)? = members["parameter"] else {
            return .failure(.badRequest("the request names no \"parameter\""))
        }
        if case .string(let text)? = members["matching"] {
            return .success(EntityQueryRequest(parameter: parameter, question: .matching(text)))
        }
        if case .array(let items)? = members["identifiers"] {
            let ids = items.compactMap { item -> String? in
                if case .string(let id) = item { return id }
                return nil
            }
            guard ids.count == items.count else { return .failure(.badRequest("an identifier is not a string")) }
            return .success(EntityQueryRequest(parameter: parameter, question: .identifiers(ids)))
        }
        return .failure(.badRequest("the request has neither \"matching\" nor \"identifiers\""))
    }
}

/// Why entity options could not be given.
enum EntityOptionsError: Error, CustomStringConvertible {
    case notAnEntity(parameter: String)
    case notSearchable(parameter: String)
    case badRequest(String)

    var description: String {
        switch self {
        case .notAnEntity(let parameter): "parameter '\(parameter)' is not an entity; only entities have options at run time"
        case .notSearchable(let parameter):
            "parameter '\(parameter)''s query is not an EntityStringQuery; only its suggested entities can be listed"
        case .badRequest(let problem): "entity_query: \(problem)"
        }
    }
}
