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
    /// The text goes no further than the host yet: the ABI has no call that carries it to the
    /// query's `entities(matching:)`, so the host matches it against the titles of the query's
    /// suggested entities, ignoring case and accents (docs/configuration.md says so).
    public func entityOptions(kind: String, parameter: String, matching text: String) async throws(HostCallError) -> [EntityOption] {
        let widget = try widget(kind: kind)
        try Self.checkEntityParameter(parameter, of: widget)
        guard widget.configurationSchema?.parameter(named: parameter)?.isSearchable == true else {
            throw .notAnEntityParameter(EntityParameterRefusal(kind: kind, parameter: parameter, reason: .notSearchable))
        }
        let options = try await entityOptions(kind: kind, parameter: parameter)
        let wanted = text.trimmingCharacters(in: .whitespaces)
        guard !wanted.isEmpty else { return options }
        return options.filter { $0.title.range(of: wanted, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
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
