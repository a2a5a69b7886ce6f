import WidgetPayload
/// How the host reaches a bundle's providers: in its own process (`InProcessTransport`) or
/// across a worker process's channel (`BundleWorker`, in WidgetIsolation). `BundleHost` calls
/// every provider through this one seam, so what happens to a call's answer (decoding, limits,
/// recording errors in the registry) is written once for both.
package protocol ProviderTransport: AnyObject, Sendable {
    /// Makes one call and waits for its one outcome. Never throws: a transport that breaks
    /// (a worker that crashed) is an outcome too.
    ///
    /// - Parameter environment: what the calling host contributes. A transport shared between
    ///   hosts (a bundle loaded once per process) uses it; one made for a single host (a
    ///   worker) was given the same things when it was made.
    func perform(_ call: ProviderCall, kind: String, context: CallContext, environment: CallEnvironment) async -> TransportOutcome

    /// Asks for the options of the entity parameter `parameter` of `kind`
    /// (`wk_widget_t.entity_options`) and waits for its one outcome, as `perform`. The caller
    /// has checked that the parameter is an entity of the kind's schema.
    func entityOptions(kind: String, parameter: String, environment: CallEnvironment) async -> TransportOutcome

    /// Asks the query of the entity parameter `request.parameter` of `kind` for particular
    /// entities (`wk_widget_t.entity_query`, ABI 1.7) and waits for its one outcome, as
    /// `entityOptions`. A bundle without the function is answered for where it is loaded
    /// (`ReplyDecoder.entityQuery` reads that answer as nil).
    func entityQuery(kind: String, request: EntityQueryRequest, environment: CallEnvironment) async -> TransportOutcome

    /// Asks for the kind's previews in `context`'s family (`wk_widget_t.previews`, ABI 1.6) and
    /// waits for its one outcome, as `perform`.
    func previews(kind: String, context: CallContext, environment: CallEnvironment) async -> TransportOutcome

    /// Asks the kind's bundle to perform `intent` with `parameters` (`wk_bundle_t.perform`, ABI
    /// 1.4) and waits for its one outcome, as `perform`. The caller has checked the intent and
    /// its parameters against the bundle's declarations; `parameters` has every default.
    func performIntent(
        kind: String, intent: String, parameters: [String: JSONValue], environment: CallEnvironment
    ) async -> TransportOutcome

    /// Lets go of whatever serves the providers (a worker is asked to exit). Calls after this
    /// may start it again.
    func stop()
}

/// What the calling host contributes to a call.
package struct CallEnvironment: Sendable {
    /// Runs in-process calls under the host's limits.
    package let driver: ProviderDriver
    /// Where a completion the provider got wrong (a second one, a late one) is recorded.
    package let recordViolation: @Sendable (CompletionViolation) -> Void

    /// Where a perform's wrong completion is recorded (ABI 1.4's intents).
    package let recordIntentViolation: @Sendable (IntentCompletionViolation) -> Void

    package init(
        driver: ProviderDriver, recordViolation: @escaping @Sendable (CompletionViolation) -> Void,
        recordIntentViolation: @escaping @Sendable (IntentCompletionViolation) -> Void = { _ in }
    ) {
        self.driver = driver
        self.recordViolation = recordViolation
        self.recordIntentViolation = recordIntentViolation
    }
}

/// How one call ended, as the transport saw it.
package enum TransportOutcome: Sendable {
    /// The provider answered, broke a rule, or ran out of time; `duration` is the call's.
    case finished(RequestOutcome, Duration)
    /// The transport itself failed: the worker crashed, exited, hung or could not start.
    case failed(WorkerFailure)
}

extension TransportOutcome {
    /// The reply's bytes, or what went wrong as a `ProviderCallError`: for the calls that are not
    /// a provider's (`perform`, `entity_options`), which waited `timeout` seconds at most.
    func payload(limits: CallLimits, timeout: Double) throws(ProviderCallError) -> [UInt8] {
        switch self {
        case .failed(let workerFailure): throw .worker(workerFailure)
        case .finished(.completed(let bytes), _): return bytes
        case .finished(.payloadTooLarge(let bytes), _): throw .payloadTooLarge(bytes: bytes, limit: limits.maxPayloadBytes)
        case .finished(.timedOut, _): throw .timedOut(seconds: timeout)
        // Only a placeholder ends so; kept for the switch to stay exhaustive.
        case .finished(.returnedWithoutCompleting, _): throw .returnedWithoutCompleting
        }
    }
}
