/// The three things a host asks a provider for.
public enum ProviderCall: String, Sendable, Hashable, Codable, CaseIterable {
    case placeholder
    case snapshot
    case timeline
}
