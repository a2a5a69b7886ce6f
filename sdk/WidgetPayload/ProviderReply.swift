/// The JSON document a bundle hands to `wk_completion_t.complete`.
///
/// One type for all three calls keeps the wire format in one place; which members must be set
/// depends on the call (`payload.h`).
public struct ProviderReply: Codable, Sendable, Hashable {
    public var version: Int
    /// placeholder, snapshot.
    public var entry: EntryPayload?
    /// timeline.
    public var entries: [EntryPayload]?
    public var policy: PolicyPayload?
    /// Any call, when the provider failed.
    public var error: ErrorPayload?

    public init(
        version: Int = PayloadVersion.current,
        entry: EntryPayload? = nil,
        entries: [EntryPayload]? = nil,
        policy: PolicyPayload? = nil,
        error: ErrorPayload? = nil
    ) {
        self.version = version
        self.entry = entry
        self.entries = entries
        self.policy = policy
        self.error = error
    }

    public static func entry(_ entry: EntryPayload) -> ProviderReply {
        ProviderReply(entry: entry)
    }

    public static func timeline(_ entries: [EntryPayload], policy: PolicyPayload) -> ProviderReply {
        ProviderReply(entries: entries, policy: policy)
    }

    public static func failure(_ message: String) -> ProviderReply {
        ProviderReply(error: ErrorPayload(message: message))
    }
}

/// A provider's own account of why it failed.
public struct ErrorPayload: Codable, Sendable, Hashable {
    public var message: String
    /// The configuration names a value its bundle's query no longer offers (the entity query's
    /// `entities(for:)` found nothing for the saved id): `{"parameter": NAME, "value": ID}`
    /// beside the message. Absent for every other failure; a host that does not know the
    /// member reads the message alone.
    public var unavailable: UnavailableValue?

    public init(message: String, unavailable: UnavailableValue? = nil) {
        self.message = message
        self.unavailable = unavailable
    }
}

/// A configuration value its bundle no longer offers: which parameter, and the value saved.
public struct UnavailableValue: Codable, Sendable, Hashable {
    public var parameter: String
    public var value: String

    public init(parameter: String, value: String) {
        self.parameter = parameter
        self.value = value
    }
}
