/// The parameters of a configurable widget kind, as its bundle declares them
/// (`wk_widget_t.configuration_schema_json`, docs/configuration.md).
///
/// The SDK writes it from an `AppIntentConfiguration`'s intent; the host reads it to list the
/// kind's parameters and to check a configuration before any call.
public struct ConfigurationSchema: Sendable, Hashable {
    public var title: String
    public var description: String
    /// In the intent's declaration order; names are unique.
    public var parameters: [ConfigurationParameter]
    /// Ready-made configurations, for hosts without a configuration screen.
    public var recommendations: [ConfigurationRecommendation]
    /// The intent's `parameterSummary`, the edit sheet's sentence; nil when it declares none.
    public var summary: ParameterSummaryDescription?

    public init(
        title: String, description: String, parameters: [ConfigurationParameter],
        recommendations: [ConfigurationRecommendation] = [], summary: ParameterSummaryDescription? = nil
    ) {
        self.title = title
        self.description = description
        self.parameters = parameters
        self.recommendations = recommendations
        self.summary = summary
    }

    public func parameter(named name: String) -> ConfigurationParameter? {
        parameters.first { $0.name == name }
    }
}

/// One `@Parameter` of an intent.
public struct ConfigurationParameter: Sendable, Hashable {
    public var name: String
    public var title: String
    public var type: ParameterType
    /// The value used when a configuration names none, spelled as in a configuration.
    public var defaultValue: JSONValue?
    /// An enum's cases. Nil for every other type; an entity's options come at run time.
    public var options: [ParameterOption]?
    /// True when a configuration must give a value: no default, and not optional.
    public var isRequired: Bool
    /// An entity whose query searches by text (`EntityStringQuery`): a sheet shows a search
    /// field for it, as iOS does. False for every other parameter.
    public var isSearchable: Bool

    public init(
        name: String, title: String, type: ParameterType, defaultValue: JSONValue? = nil,
        options: [ParameterOption]? = nil, isRequired: Bool, isSearchable: Bool = false
    ) {
        self.name = name
        self.title = title
        self.type = type
        self.defaultValue = defaultValue
        self.options = options
        self.isRequired = isRequired
        self.isSearchable = isSearchable
    }
}

/// How a parameter's value is spelled in JSON (docs/configuration.md).
public enum ParameterType: String, Sendable, Hashable, CaseIterable {
    /// A JSON string.
    case string
    /// A JSON integer (no fraction, within Int64).
    case int
    /// A JSON number.
    case double
    /// `true` or `false`.
    case bool
    /// A JSON number of seconds since 1970-01-01T00:00:00Z, as every date in payload.h.
    case date
    /// A JSON string: one of the parameter's option values (the case's raw value).
    case `enum`
    /// A JSON string: the entity's identifier.
    case entity
}

/// One value a parameter may take, and its name for people: an enum's case in the schema, or
/// an entity offered at run time (`EntityOption`).
public struct ParameterOption: Sendable, Hashable, Codable {
    public var value: String
    public var title: String

    public init(value: String, title: String) {
        self.value = value
        self.title = title
    }
}

/// A configuration offered ready-made (`AppIntentRecommendation`).
public struct ConfigurationRecommendation: Sendable, Hashable {
    public var description: String
    /// Parameter name to value, as a configuration.
    public var configuration: [String: JSONValue]

    public init(description: String, configuration: [String: JSONValue]) {
        self.description = description
        self.configuration = configuration
    }
}
