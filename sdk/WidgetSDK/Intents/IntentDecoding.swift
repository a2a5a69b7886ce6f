import WidgetPayload

/// Turns a call's configuration into the typed intent the provider receives.
///
/// The host has already checked the configuration against the schema; the SDK checks again, so
/// that a host older than ABI 1.3 (no configuration: the defaults apply) or a mistaken one gets
/// a clear error rather than a provider reading a parameter without a value.
enum IntentDecoding {
    static func intent<Intent: WidgetConfigurationIntent>(
        _ type: Intent.Type, from configuration: JSONValue?
    ) async throws(ConfigurationDecodingError) -> Intent {
        try await filled(Intent(), from: configuration)
    }

    /// A control's configuration (`AppIntentControlConfiguration`), read as a widget's.
    static func intent<Intent: ControlConfigurationIntent>(
        _ type: Intent.Type, from configuration: JSONValue?
    ) async throws(ConfigurationDecodingError) -> Intent {
        try await filled(Intent(), from: configuration)
    }

    /// `intent`, a fresh one, with the configuration's values in its parameters.
    private static func filled<Intent>(
        _ intent: Intent, from configuration: JSONValue?
    ) async throws(ConfigurationDecodingError) -> Intent {
        let parameters = IntentParameters(of: intent)
        var members: [String: JSONValue] = [:]
        switch configuration {
        case nil, .null?: break
        case .object(let given)?: members = given
        default: throw .notAnObject
        }
        for name in members.keys.sorted() where parameters.slot(named: name) == nil {
            throw .unknownParameter(name: name, known: parameters.names)
        }
        for (name, slot) in parameters.slots {
            if let value = members[name], value != .null {
                do {
                    try await slot.assign(value)
                } catch {
                    throw .parameter(name: name, error)
                }
            } else {
                await slot.assignDefaultOption()
            }
            guard slot.isSatisfied else { throw .missingValue(parameter: name) }
        }
        return intent
    }
}
