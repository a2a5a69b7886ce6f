import Synchronization
import WidgetPayload

/// One option of a `WidgetConfigurationIntent`: App Intents' `@Parameter`.
///
///     @Parameter(title: "City", default: "Paris") var city: String
///     @Parameter(title: "Spot") var spot: SpotEntity?
///
/// A class, as App Intents' parameter is: the SDK finds an intent's parameters by `Mirror` and
/// fills them in place. Copies of an intent therefore share their parameters' values.
@propertyWrapper
public final class Parameter<Value: IntentParameterValue>: Sendable {
    public let title: LocalizedStringResource
    let defaultValue: Value?
    /// The options a `DynamicOptionsProvider` gives; nil without one.
    let dynamicOptions: (@Sendable () async throws -> [ParameterOption])?
    /// The provider's `defaultResult()`, the value when a configuration gives none.
    let dynamicDefault: (@Sendable () async -> Value?)?
    /// Set from a configuration or by code; nil until then.
    private let assigned = Mutex<Value?>(nil)

    /// - Parameters:
    ///   - title: The parameter's name for people.
    ///   - description: What the parameter is for, for a configuration screen.
    ///   - defaultValue: The value when a configuration gives none. Without one, a
    ///     non-optional parameter is required.
    public init(title: LocalizedStringResource, description: IntentDescription? = nil, default defaultValue: Value? = nil) {
        self.title = title
        self.defaultValue = defaultValue
        self.dynamicOptions = nil
        self.dynamicDefault = nil
    }

    /// A parameter whose options code gives at run time (`optionsProvider:`, DynamicOptionsProvider.swift).
    init(title: LocalizedStringResource, description: IntentDescription?, default defaultValue: Value?,
         options: @escaping @Sendable () async throws -> [ParameterOption],
         defaultOption: @escaping @Sendable () async -> Value?) {
        self.title = title
        self.defaultValue = defaultValue
        self.dynamicOptions = options
        self.dynamicDefault = defaultOption
    }

    public var wrappedValue: Value {
        get {
            guard let value = assigned.withLock({ $0 }) ?? defaultValue ?? Value.absentValue else {
                // The host and the SDK refuse a configuration without a required value before
                // the provider runs, so only code reading an unset parameter it made gets here.
                fatalError("@Parameter \"\(title)\" has no value and no default")
            }
            return value
        }
        set { assigned.withLock { $0 = newValue } }
    }

    public var projectedValue: Parameter<Value> { self }
}

/// What the SDK needs of any parameter, whatever its value's type.
protocol IntentParameterSlot: AnyObject, Sendable {
    func schema(name: String) -> ConfigurationParameter
    /// The value to write in a recommendation's configuration; nil when there is none.
    var currentConfigurationValue: JSONValue? { get }
    func assign(_ value: JSONValue) async throws(ConfigurationDecodingError)
    /// A configuration gives no value: the one its options provider defaults to, if any.
    func assignDefaultOption() async
    var isSatisfied: Bool { get }
    /// The entity options of an entity parameter; nil for other types.
    func suggestedOptions() async throws -> [ParameterOption]?
    /// The entities whose query matches `text` (`EntityStringQuery`); nil when the parameter is
    /// no entity or its query does not search.
    func matchingOptions(_ text: String) async throws -> [ParameterOption]?
    /// The entities whose ids are `ids` (EntityQuery's `entities(for:)`); nil when the
    /// parameter is no entity.
    func identifiedOptions(_ ids: [String]) async throws -> [ParameterOption]?
}

extension Parameter: IntentParameterSlot {
    func schema(name: String) -> ConfigurationParameter {
        ConfigurationParameter(
            name: name, title: title.key, type: Value.parameterType,
            defaultValue: defaultValue.map(\.configurationValue).flatMap { $0 == .null ? nil : $0 },
            options: Value.parameterOptions,
            isRequired: defaultValue == nil && Value.absentValue == nil,
            isSearchable: dynamicOptions == nil && Self.searchesByText)
    }

    var currentConfigurationValue: JSONValue? {
        (assigned.withLock { $0 } ?? defaultValue).map(\.configurationValue)
    }

    func assign(_ value: JSONValue) async throws(ConfigurationDecodingError) {
        let decoded = try await Value.fromConfiguration(value)
        assigned.withLock { $0 = decoded }
    }

    func assignDefaultOption() async {
        guard defaultValue == nil, let dynamicDefault, assigned.withLock({ $0 }) == nil,
              let value = await dynamicDefault() else { return }
        assigned.withLock { $0 = value }
    }

    var isSatisfied: Bool {
        assigned.withLock { $0 } != nil || defaultValue != nil || Value.absentValue != nil
    }

    func suggestedOptions() async throws -> [ParameterOption]? {
        if let dynamicOptions { return try await dynamicOptions() }
        if let entityType = Value.self as? any AppEntity.Type { return try await suggestions(of: entityType) }
        if let optionalEntity = Value.self as? any OptionalEntity.Type { return try await optionalEntity.suggestedOptions() }
        return nil
    }
}

extension Parameter {
    /// An entity (or optional entity) whose query is an `EntityStringQuery`.
    static var searchesByText: Bool {
        if let entityType = Value.self as? any AppEntity.Type { return WidgetSDK.searchesByText(entityType) }
        if let optionalEntity = Value.self as? any OptionalEntity.Type { return optionalEntity.searchesByText }
        return false
    }

    func matchingOptions(_ text: String) async throws -> [ParameterOption]? {
        guard dynamicOptions == nil else { return nil }
        if let entityType = Value.self as? any AppEntity.Type { return try await matches(of: entityType, text) }
        if let optionalEntity = Value.self as? any OptionalEntity.Type { return try await optionalEntity.matchingOptions(text) }
        return nil
    }

    func identifiedOptions(_ ids: [String]) async throws -> [ParameterOption]? {
        if let dynamicOptions {
            // Its options are all there is: the ones with those values.
            let wanted = Set(ids)
            return try await dynamicOptions().filter { wanted.contains($0.value) }
        }
        if let entityType = Value.self as? any AppEntity.Type { return try await identified(of: entityType, ids) }
        if let optionalEntity = Value.self as? any OptionalEntity.Type { return try await optionalEntity.identifiedOptions(ids) }
        return nil
    }
}

/// The options an entity type's query suggests.
func suggestions<Entity: AppEntity>(of type: Entity.Type) async throws -> [ParameterOption] {
    try await Entity.defaultQuery.suggestedEntities().map(\.parameterOption)
}

/// The entities of `type` whose ids are `ids`, as its query finds them (`entities(for:)`): a
/// string that is no id of the type is left out, as is an id the query does not find.
func identified<Entity: AppEntity>(of type: Entity.Type, _ ids: [String]) async throws -> [ParameterOption] {
    let typed = ids.compactMap { Entity.ID.entityIdentifier(for: $0) }
    guard !typed.isEmpty else { return [] }
    return try await Entity.defaultQuery.entities(for: typed).map(\.parameterOption)
}

/// An optional entity: a parameter whose options still come from the entity's query.
protocol OptionalEntity {
    static func suggestedOptions() async throws -> [ParameterOption]
    static var searchesByText: Bool { get }
    static func matchingOptions(_ text: String) async throws -> [ParameterOption]?
    static func identifiedOptions(_ ids: [String]) async throws -> [ParameterOption]
}

extension Optional: OptionalEntity where Wrapped: AppEntity {
    static func suggestedOptions() async throws -> [ParameterOption] {
        try await suggestions(of: Wrapped.self)
    }

    static var searchesByText: Bool { WidgetSDK.searchesByText(Wrapped.self) }

    static func matchingOptions(_ text: String) async throws -> [ParameterOption]? {
        try await matches(of: Wrapped.self, text)
    }

    static func identifiedOptions(_ ids: [String]) async throws -> [ParameterOption] {
        try await identified(of: Wrapped.self, ids)
    }
}
