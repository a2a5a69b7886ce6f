import WidgetPayload

/// Finds a parameter's entities: by id when a configuration names one, and as suggestions when
/// a person picks one (App Intents' `EntityQuery`).
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity

    init()
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    func suggestedEntities() async throws -> [Entity]
}

extension EntityQuery {
    public func suggestedEntities() async throws -> [Entity] { [] }
}

/// A query that also finds entities by text a person types: App Intents' `EntityStringQuery`.
/// The edit sheet shows a search field over an entity parameter whose query is one (iOS shows
/// none otherwise), and asks `entities(matching:)` for what is typed.
public protocol EntityStringQuery: EntityQuery {
    func entities(matching string: String) async throws -> [Entity]
}

/// Whether an entity type's query searches by text.
func searchesByText<Entity: AppEntity>(_ type: Entity.Type) -> Bool {
    Entity.DefaultQuery.self is any EntityStringQuery.Type
}

/// The entities of `type` whose query matches `text`, as options; nil when the query is no
/// `EntityStringQuery`.
func matches<Entity: AppEntity>(of type: Entity.Type, _ text: String) async throws -> [ParameterOption]? {
    guard let query = Entity.defaultQuery as? any EntityStringQuery else { return nil }
    return try await matches(in: query, text)
}

private func matches<Query: EntityStringQuery>(in query: Query, _ text: String) async throws -> [ParameterOption] {
    try await query.entities(matching: text).map(\.parameterOption)
}
