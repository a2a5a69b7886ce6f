import WidgetPayload
/// A provider in this process: its `wk_widget_t`, called on a provider thread.
///
/// One is made per widget when its bundle is loaded, and kept with the bundle for the life of
/// the process (bundles are never unloaded), so every host in the process shares it; each call
/// brings its host's limits and violation sink.
package final class InProcessTransport: ProviderTransport {
    package let entryPoints: ProviderEntryPoints

    package init(entryPoints: ProviderEntryPoints) {
        self.entryPoints = entryPoints
    }

    package func perform(
        _ call: ProviderCall, kind: String, context: CallContext, environment: CallEnvironment
    ) async -> TransportOutcome {
        let (outcome, duration) = await environment.driver.perform(
            call, on: entryPoints, context: context, onViolation: environment.recordViolation)
        return .finished(outcome, duration)
    }

    package func entityOptions(kind: String, parameter: String, environment: CallEnvironment) async -> TransportOutcome {
        let (outcome, duration) = await environment.driver.performEntityOptions(parameter: parameter, on: entryPoints)
        return .finished(outcome, duration)
    }

    package func entityQuery(kind: String, request: EntityQueryRequest, environment: CallEnvironment) async -> TransportOutcome {
        let (outcome, duration) = await environment.driver.performEntityQuery(request, on: entryPoints)
        return .finished(outcome, duration)
    }

    package func previews(kind: String, context: CallContext, environment: CallEnvironment) async -> TransportOutcome {
        let (outcome, duration) = await environment.driver.performPreviews(context: context, on: entryPoints)
        return .finished(outcome, duration)
    }

    package func performIntent(
        kind: String, intent: String, parameters: [String: JSONValue], environment: CallEnvironment
    ) async -> TransportOutcome {
        let (outcome, duration) = await environment.driver.performIntent(
            kind: kind, intent: intent, parameters: parameters, on: entryPoints, onViolation: environment.recordIntentViolation)
        return .finished(outcome, duration)
    }

    /// Nothing to stop: a loaded bundle stays loaded.
    package func stop() {}
}
