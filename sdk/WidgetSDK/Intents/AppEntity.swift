import WidgetPayload

/// A value a parameter can hold whose choices the bundle supplies at run time (spots, accounts,
/// characters): App Intents' `AppEntity`. Its query finds entities by id and suggests some.
///
/// In a configuration an entity is its id's string; the schema lists no options, the host asks
/// the bundle for them (`wk_widget_t.entity_options`, the query's `suggestedEntities()`).
public protocol AppEntity: IntentParameterValue, Identifiable where ID: EntityIdentifierConvertible {
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self

    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var defaultQuery: DefaultQuery { get }
    var displayRepresentation: DisplayRepresentation { get }
}

extension AppEntity {
    public static var parameterType: ParameterType { .entity }
    public var configurationValue: JSONValue { .string(id.entityIdentifierString) }

    public static func fromConfiguration(_ value: JSONValue) async throws(ConfigurationDecodingError) -> Self {
        guard case .string(let text) = value else { throw .wrongType(expected: .entity, found: value) }
        guard let id = ID.entityIdentifier(for: text) else { throw .entityNotFound(id: text) }
        let found: [Self]
        do {
            found = try await defaultQuery.entities(for: [id])
        } catch {
            throw .entityQueryFailed(reason: "\(error)")
        }
        guard let entity = found.first(where: { $0.id == id }) else { throw .entityNotFound(id: text) }
        return entity
    }

    /// The entity as an option of its parameter.
    var parameterOption: ParameterOption {
        ParameterOption(value: id.entityIdentifierString, title: displayRepresentation.title.key)
    }
}
