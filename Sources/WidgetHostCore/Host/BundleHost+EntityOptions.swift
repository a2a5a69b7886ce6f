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
        func failure(_ error: ProviderCallError) -> HostCallError {
            .entityOptionsFailed(EntityOptionsFailure(kind: kind, parameter: parameter, bundlePath: widget.bundlePath, error: error))
        }
        let payload: [UInt8]
        switch await widget.provider.entityOptions(kind: kind, parameter: parameter, environment: environment) {
        case .failed(let workerFailure):
            throw failure(.worker(workerFailure))
        case .finished(.completed(let bytes), _):
            payload = bytes
        case .finished(.payloadTooLarge(let bytes), _):
            throw failure(.payloadTooLarge(bytes: bytes, limit: limits.maxPayloadBytes))
        case .finished(.timedOut, _):
            throw failure(.timedOut(seconds: limits.entityOptionsTimeout))
        case .finished(.returnedWithoutCompleting, _):
            // Only a placeholder ends so; kept for the switch to stay exhaustive.
            throw failure(.returnedWithoutCompleting)
        }
        do {
            return try ReplyDecoder(limits: limits).entityOptions(from: payload)
        } catch {
            throw failure(error)
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
