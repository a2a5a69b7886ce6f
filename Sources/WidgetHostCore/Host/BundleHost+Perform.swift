import WidgetPayload

extension BundleHost {
    /// Performs the intent `intent` of `kind`'s bundle with `parameters` (an `AppIntent`'s
    /// `perform()`, `wk_bundle_t.perform`, ABI 1.4), in process or in the bundle's worker.
    ///
    /// The intent and its values are checked against the bundle's declarations first: an intent
    /// the bundle does not declare, or a value that does not fit, throws `.intentRefused` without
    /// calling the bundle. Defaults are filled in before the call. A failed perform (the intent
    /// threw, timed out after `CallLimits.performTimeout`, or its worker failed) throws
    /// `.performFailed`; a worker whose perform timed out is recycled. Nothing is reloaded here:
    /// the caller decides what a successful perform reloads.
    ///
    /// - Parameter target: the widget the intent is performed for (the one tapped), whose kind
    ///   must be `kind`. A failed perform is recorded as its last error; a completion the intent
    ///   gets wrong (twice, or late, even long after this returns) is recorded against it in the
    ///   registry as well as in `intentViolations`.
    public func perform(
        kind: String, intent: String, parameters: [String: JSONValue], for target: TimelineKey? = nil
    ) async throws(HostCallError) {
        let widget = try widget(kind: kind)
        let declaration = try Self.declaration(of: intent, in: widget)
        let values = try Self.validate(parameters, for: declaration, kind: kind)
        let intentViolations = self.intentViolations
        // Noted before the call: a worker reports a violation by kind and intent only.
        let target = target.flatMap { $0.kind == kind ? $0 : nil }
        if let target { intentViolations.notePerform(of: intent, for: target) }
        // The host's own driver is private to it; this one is the same, made from the same limits.
        let environment = CallEnvironment(
            driver: ProviderDriver(limits: limits),
            recordViolation: { _ in
                // Never called: a perform's wrong completion is an IntentCompletionViolation.
            },
            recordIntentViolation: { intentViolations.record($0, for: target) })
        let outcome = await widget.provider.performIntent(kind: kind, intent: intent, parameters: values, environment: environment)
        do {
            try ReplyDecoder(limits: limits).performed(from: outcome.payload(limits: limits, timeout: limits.performTimeout))
        } catch {
            let failure = PerformFailure(kind: kind, intent: intent, bundlePath: widget.bundlePath, error: error)
            // The tapped widget's last error too, where status and the gallery show it.
            if let target { registry.recordError(RecordedError(cause: .perform(failure), at: clock.now), for: target) }
            throw .performFailed(failure)
        }
    }

    /// Whether a click on a control naming `intent` with `parameters` would be performed: the
    /// same checks as `perform`, without calling the bundle (`validate` checks every drawn control).
    public static func checkAction(intent: String, parameters: [String: JSONValue], of widget: WidgetDescriptor) throws(HostCallError) {
        _ = try validate(parameters, for: declaration(of: intent, in: widget), kind: widget.kind)
    }

    /// The intent `intent` as `widget`'s bundle declares it, or the refusal naming the ones it does.
    static func declaration(of intent: String, in widget: WidgetDescriptor) throws(HostCallError) -> IntentDeclaration {
        guard let declaration = widget.intents.first(where: { $0.name == intent }) else {
            throw .intentRefused(IntentRefusal(
                kind: widget.kind, intent: intent, reason: .unknownIntent(known: widget.intents.map(\.name))))
        }
        return declaration
    }

    /// `parameters` checked against the intent's parameters as a configuration against a
    /// schema (the same rules, the same messages), with every default filled in.
    public static func validate(
        _ parameters: [String: JSONValue], for intent: IntentDeclaration, kind: String
    ) throws(HostCallError) -> [String: JSONValue] {
        do {
            return try ConfigurationValidator(kind: "\(kind) intent \(intent.name)", schema: intent.parameterSchema)
                .validate(parameters) ?? [:]
        } catch {
            throw .intentRefused(IntentRefusal(kind: kind, intent: intent.name, reason: .invalidParameters(error)))
        }
    }
}
