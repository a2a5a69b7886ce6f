import WidgetPayload

/// Why the host will not ask a bundle to perform an intent: the intent is not one the kind's
/// bundle declares, or the values do not fit its parameters. Found from the declarations,
/// before any call.
public struct IntentRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The kind's bundle declares no intent of that name (`wk_bundle_t.intents_json`).
        case unknownIntent(known: [String])
        /// A value is of the wrong type, not an option, unknown or missing.
        case invalidParameters(ConfigurationError)
    }

    public let kind: String
    public let intent: String
    public let reason: Reason

    public init(kind: String, intent: String, reason: Reason) {
        self.kind = kind
        self.intent = intent
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .unknownIntent(let known):
            let list = known.isEmpty
                ? "its bundle declares no intents (build it with ABI 1.4 and list them at export)"
                : "its bundle's intents are \(known.joined(separator: ", "))"
            return "kind '\(kind)' has no intent '\(intent)'; \(list)"
        case .invalidParameters(let error):
            return "intent '\(intent)' of kind '\(kind)' was not performed: \(error); `widgethost bundles` lists its parameters"
        }
    }
}
