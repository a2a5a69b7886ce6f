/// Why the scheduler calls a provider.
public enum ReloadCause: String, Sendable, Hashable, Codable, CaseIterable {
    /// The kind has no timeline yet (first start, or a new bundle).
    case initial
    /// The timeline's reload policy came due (`.atEnd`, `.after(date)`).
    case policy
    /// An app, the CLI or the bundle itself asked (`WidgetCenter.reloadTimelines(ofKind:)`).
    case request
    /// The user forced it (`widgethost reload --force`): exempt from the budget and backoff.
    case forced
    /// The last call failed; this is the retry after the backoff.
    case retry

    /// Whether the call is counted against the kind's refresh budget.
    public var countsAgainstBudget: Bool { self != .forced }
}

/// What holds a reload back past the moment its cause wants it.
public enum ReloadHold: String, Sendable, Hashable, Codable {
    /// Waiting out the backoff after failures.
    case backoff
    /// The refresh budget is spent; waiting for the oldest counted reload to leave the window.
    case budget
    /// Scheduled reloads of one kind are kept `minimumInterval` apart.
    case minimumInterval
}
