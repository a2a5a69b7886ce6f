import FoundationEssentials

/// When the host should ask a provider for its next timeline.
public struct TimelineReloadPolicy: Sendable, Hashable {
    enum Rule: Sendable, Hashable {
        case atEnd
        case never
        case after(Date)
    }

    let rule: Rule

    /// Ask for a new timeline once the last entry's date has passed.
    public static let atEnd = TimelineReloadPolicy(rule: .atEnd)

    /// Never ask on the host's own initiative; the bundle asks with
    /// `WidgetCenter.shared.reloadTimelines(ofKind:)`.
    public static let never = TimelineReloadPolicy(rule: .never)

    /// Ask for a new timeline once `date` has passed.
    public static func after(_ date: Date) -> TimelineReloadPolicy {
        TimelineReloadPolicy(rule: .after(date))
    }
}
