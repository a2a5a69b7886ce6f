import Foundation
import Synchronization

/// What knows when the host will next call each kind: the daemon's scheduler.
///
/// Implementers must answer from what they already hold, quickly and without waiting on a
/// provider call: the isolation asks from its idle checks, on the host clock's thread, once per
/// idle worker per idle timeout.
public protocol CallPlanner: AnyObject, Sendable {
    /// The soonest call planned for any of `kinds`; a date already past means one is due now.
    /// Nil when none of them has a call planned.
    func nextPlannedCall(forKinds kinds: [String]) -> Date?
}

/// The host's link to its `CallPlanner`, which is made after the host (a scheduler needs its
/// host). Before one follows, and for a host no scheduler drives (`widgethost timeline`, the
/// tests), no call is ever planned.
///
/// Worker isolation asks it before letting an idle worker go: a worker whose next planned call
/// falls inside its idle window stays, since letting it go would only start it again moments
/// later (docs/isolation.md, "Idle workers").
public final class PlannedCalls: Sendable {
    private struct Link {
        /// Weak: the planner holds the host, which holds this.
        weak var planner: (any CallPlanner)?
    }

    private let link = Mutex(Link())

    public init() {}

    /// Asks `planner` from now on, in place of any earlier one.
    public func follow(_ planner: any CallPlanner) {
        link.withLock { $0.planner = planner }
    }

    /// The soonest call planned for any of `kinds`; nil when none is, or no planner follows.
    public func nextCall(forKinds kinds: [String]) -> Date? {
        guard !kinds.isEmpty, let planner = link.withLock({ $0.planner }) else { return nil }
        return planner.nextPlannedCall(forKinds: kinds)
    }
}
