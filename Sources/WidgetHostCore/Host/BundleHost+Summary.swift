import WidgetPayload

extension BundleHost {
    /// `kind`'s `parameterSummary` for `configuration` (saved or being edited): the `When`
    /// branch its values choose, the sentence with each parameter's value as people read it, the
    /// parameters listed after. Nil when the kind's intent declares no summary, or a `When`
    /// without `otherwise` does not hold; a sheet then lists every parameter.
    ///
    /// An entity's title is asked of its bundle (the query's suggested entities); an entity it
    /// does not suggest is looked up by id (`entity_query`'s `identifiers`, EntityQuery's
    /// `entities(for:)`, ABI 1.7). One found by neither, or a bundle that fails to answer (or
    /// is older than 1.7 and does not suggest it), shows its id: a summary is never refused for
    /// a title. The configuration is not checked against the schema here: a draft
    /// may be incomplete, and the save checks it.
    public func resolvedSummary(kind: String, configuration: [String: JSONValue]) async throws(HostCallError) -> ResolvedParameterSummary? {
        let widget = try widget(kind: kind)
        guard let schema = widget.configurationSchema, let summary = schema.summary else { return nil }
        guard let first = summary.resolved(for: configuration, schema: schema) else { return nil }
        var titles: [String: [EntityOption]] = [:]
        for part in first.sentence {
            guard case .parameter(let name, _?, _) = part, titles[name] == nil,
                  schema.parameter(named: name)?.type == .entity else { continue }
            var known = (try? await entityOptions(kind: kind, parameter: name)) ?? []
            if case .string(let saved)? = configuration[name], !known.contains(where: { $0.value == saved }),
               let found = try? await entities(kind: kind, parameter: name, identifiers: [saved]) {
                known += found
            }
            titles[name] = known
        }
        guard !titles.isEmpty else { return first }
        return summary.resolved(for: configuration, schema: schema) { parameter, value in
            guard case .string(let id) = value else { return nil }
            return titles[parameter.name]?.first { $0.value == id }?.title
        }
    }
}
