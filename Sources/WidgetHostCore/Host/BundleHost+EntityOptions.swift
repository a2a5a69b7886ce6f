import Foundation
import WidgetPayload

extension BundleHost {
    /// The options a person may pick for the entity parameter `parameter` of `kind`, as its
    /// bundle offers them now (`wk_widget_t.entity_options`, EntityQuery's suggestedEntities()).
    ///
    /// The parameter is checked against the kind's schema first: a static kind, an unknown
    /// parameter or one that is not an entity throws `.notAnEntityParameter` without calling the
    /// bundle. A bundle without the function (older than ABI 1.3, or leaving it NULL) offers
    /// no options. Nothing is recorded in the registry: options belong to no timeline.
    public func entityOptions(kind: String, parameter: String) async throws(HostCallError) -> [EntityOption] {
        let widget = try widget(kind: kind)
        try Self.checkEntityParameter(parameter, of: widget)
        // The host's own driver and decoder are private to it; these are the same, made from
        // the same limits (a driver is only its limits and the process's request table).
        let environment = CallEnvironment(driver: ProviderDriver(limits: limits)) { _ in
            // Never called: a wrong entity_options completion is logged by the request table,
            // as it belongs to no timeline key.
        }
        let outcome = await widget.provider.entityOptions(kind: kind, parameter: parameter, environment: environment)
        do {
            return try ReplyDecoder(limits: limits).entityOptions(from: outcome.payload(limits: limits, timeout: limits.entityOptionsTimeout))
        } catch {
            throw .entityOptionsFailed(EntityOptionsFailure(kind: kind, parameter: parameter, bundlePath: widget.bundlePath, error: error))
        }
    }

    /// The entities of `parameter` a person finds by typing `text`, for an entity whose query
    /// searches by text (the schema's `isSearchable`, an `EntityStringQuery`); any other throws
    /// `.notAnEntityParameter` with `.notSearchable` before calling the bundle.
    ///
    /// The query's `entities(matching:)` answers (`wk_widget_t.entity_query`, ABI 1.7), and may
    /// find entities it does not suggest. Text that is only blank lists the suggestions, as the
    /// search field of an edit sheet does before anything is typed. A bundle without
    /// `entity_query` (older than 1.7) is searched by the host instead: the text is matched
    /// against the titles of the query's suggested entities, ignoring case and accents
    /// (docs/configuration.md says so).
    public func entityOptions(kind: String, parameter: String, matching text: String) async throws(HostCallError) -> [EntityOption] {
        let widget = try widget(kind: kind)
        try Self.checkEntityParameter(parameter, of: widget)
        guard widget.configurationSchema?.parameter(named: parameter)?.isSearchable == true else {
            throw .notAnEntityParameter(EntityParameterRefusal(kind: kind, parameter: parameter, reason: .notSearchable))
        }
        let wanted = text.trimmingCharacters(in: .whitespaces)
        guard !wanted.isEmpty else { return try await entityOptions(kind: kind, parameter: parameter) }
        if let found = try await entityQuery(EntityQueryRequest(parameter: parameter, .matching(text)), of: widget) {
            return found
        }
        let options = try await entityOptions(kind: kind, parameter: parameter)
        return options.filter { $0.title.range(of: wanted, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }

    /// The entities of `parameter` whose ids are `identifiers`, as its query finds them
    /// (`wk_widget_t.entity_query`, EntityQuery's `entities(for:)`): an id no entity has is left
    /// out. Nil when the bundle has no `entity_query` (older than ABI 1.7): only its suggestions
    /// can be asked for then. Checked as `entityOptions(kind:parameter:)`.
    public func entities(kind: String, parameter: String, identifiers: [String]) async throws(HostCallError) -> [EntityOption]? {
        let widget = try widget(kind: kind)
        try Self.checkEntityParameter(parameter, of: widget)
        guard !identifiers.isEmpty else { return [] }
        return try await entityQuery(EntityQueryRequest(parameter: parameter, .identifiers(identifiers)), of: widget)
    }

    /// Asks `widget`'s bundle's entity query, under the entity options' time limit; nil when the
    /// bundle has no `entity_query`.
    private func entityQuery(_ request: EntityQueryRequest, of widget: WidgetDescriptor) async throws(HostCallError) -> [EntityOption]? {
        let environment = CallEnvironment(driver: ProviderDriver(limits: limits)) { _ in
            // Never called: a wrong entity_query completion is logged by the request table.
        }
        let outcome = await widget.provider.entityQuery(kind: widget.kind, request: request, environment: environment)
        do {
            return try ReplyDecoder(limits: limits).entityQuery(from: outcome.payload(limits: limits, timeout: limits.entityOptionsTimeout))
        } catch {
            throw .entityOptionsFailed(EntityOptionsFailure(
                kind: widget.kind, parameter: request.parameter, bundlePath: widget.bundlePath, error: error, function: "entity_query"))
        }
    }

    /// Throws unless `parameter` is an entity parameter of `widget`'s schema.
    static func checkEntityParameter(_ parameter: String, of widget: WidgetDescriptor) throws(HostCallError) {
        func refuse(_ reason: EntityParameterRefusal.Reason) -> HostCallError {
            .notAnEntityParameter(EntityParameterRefusal(kind: widget.kind, parameter: parameter, reason: reason))
        }
        guard let schema = widget.configurationSchema else { throw refuse(.staticKind) }
        guard let declared = schema.parameter(named: parameter) else {
            throw refuse(.unknownParameter(known: schema.parameters.map(\.name)))
        }
        guard declared.type == .entity else { throw refuse(.notAnEntity(declared.type)) }
    }
}
