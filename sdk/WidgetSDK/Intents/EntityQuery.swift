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
