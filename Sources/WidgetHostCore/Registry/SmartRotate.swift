import Foundation
import WidgetPayload
import WidgetStoreModel

/// iOS's Smart Rotate: which member a Smart Stack (`HomeStack`) shows by itself. The one rule
/// every home screen follows: the daemon applies it and writes the result to the shared store,
/// and `/home`, `GET /v1/home` and `widgethost desktop` show the store's `shown` member, so they
/// agree. Pure: it reads the members' scores (`SmartStack`'s) and the stack's last leader.
///
/// - The *leader* is the member whose current entry is strictly the most relevant (a score
///   above 0). On a tie at the top the leader stays as it was if it is among the tied, else
///   there is none: a stack does not flip back and forth between equally relevant widgets.
/// - The stack moves only when the leader changes, to the new leader. A person's swipe writes
///   `shown` alone, so it wins until the leader next changes.
/// - With Smart Rotate off nothing moves and no leader is kept; turning it on forgets the last
///   leader, so the most relevant member comes forward at once.
public enum SmartRotate {
    /// The member relevance puts forward, given each member's score (a missing one counts 0)
    /// and the leader before; nil when no member stands out.
    public static func leader(
        of members: [WidgetInstanceID], scores: [WidgetInstanceID: Double], previous: WidgetInstanceID?
    ) -> WidgetInstanceID? {
        let scored = members.map { ($0, scores[$0] ?? 0) }
        guard let best = scored.map(\.1).max(), best > 0 else { return nil }
        let top = scored.filter { $0.1 == best }.map(\.0)
        if top.count == 1 { return top[0] }
        return previous.flatMap { top.contains($0) ? $0 : nil }
    }

    /// The stack as Smart Rotate leaves it; nil when nothing changes (nothing to write).
    public static func apply(to stack: HomeStack, scores: [WidgetInstanceID: Double]) -> HomeStack? {
        guard stack.smartRotate else { return nil }
        let previous = stack.leader.flatMap { stack.members.contains($0) ? $0 : nil }
        let leader = leader(of: stack.members, scores: scores, previous: previous)
        guard leader != stack.leader else { return nil }
        var changed = stack
        changed.leader = leader
        if let leader { changed.shown = leader }
        return changed
    }

    /// When a member's score next runs out on its own (a relevance's `duration` ending while its
    /// entry is still current), after `date`: the ranking may change then with no new entry or
    /// timeline to tell of it. nil when no score runs out so.
    public static func nextExpiry(
        of stack: HomeStack, instances: [WidgetInstanceID: WidgetInstance], at date: Date,
        timeline: (TimelineKey) -> WidgetTimeline?
    ) -> Date? {
        stack.members.compactMap { member -> Date? in
            guard let instance = instances[member], let timeline = timeline(TimelineKey(instance)) else { return nil }
            let candidate = SmartStack.Candidate(kind: instance.kind, family: instance.family, instance: member, timeline: timeline)
            return SmartStack.item(for: candidate, at: date)?.scoreUntil
        }.min()
    }

    /// Each member's score at `date`: its instance's current entry's relevance while it applies
    /// (`SmartStack`), 0 without a timeline or an entry current then.
    public static func scores(
        of stack: HomeStack, instances: [WidgetInstanceID: WidgetInstance], at date: Date,
        timeline: (TimelineKey) -> WidgetTimeline?
    ) -> [WidgetInstanceID: Double] {
        var scores: [WidgetInstanceID: Double] = [:]
        for member in stack.members {
            guard let instance = instances[member], let timeline = timeline(TimelineKey(instance)) else { continue }
            let candidate = SmartStack.Candidate(kind: instance.kind, family: instance.family, instance: member, timeline: timeline)
            scores[member] = SmartStack.item(for: candidate, at: date)?.score ?? 0
        }
        return scores
    }
}
