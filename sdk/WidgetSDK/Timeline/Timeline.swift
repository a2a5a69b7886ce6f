/// The entries a widget shows over time, and when the host should ask for a new timeline.
public struct Timeline<EntryType: TimelineEntry>: Sendable {
    /// The entries, in date order.
    public let entries: [EntryType]

    /// When the host should ask for a new timeline.
    public let policy: TimelineReloadPolicy

    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}
