import Foundation
import WidgetHostCore

/// The knobs of the scheduler, with WidgetKit-like defaults. `widgethost run` and `simulate`
/// take them as options; the daemon saves the ones it runs with so `status` can show them.
public struct SchedulerSettings: Sendable, Hashable, Codable {
    /// Scheduled reloads allowed per kind and family in any rolling 24 hours.
    public var budgetLimit: Int
    /// Waits between retries of a kind whose reloads keep failing.
    public var backoff: Backoff
    /// The shortest time between two scheduled reloads of one kind and family. WidgetKit
    /// refreshes no more often than every five minutes; this also keeps a provider whose
    /// `.atEnd` timeline has already ended from being called in a tight loop.
    public var minimumInterval: TimeInterval

    public init(
        budgetLimit: Int = RefreshBudget.defaultLimit,
        backoff: Backoff = Backoff(),
        minimumInterval: TimeInterval = 5 * 60
    ) {
        precondition(budgetLimit > 0, "a refresh budget allows at least one reload a day")
        precondition(minimumInterval >= 1, "scheduled reloads must be at least a second apart")
        self.budgetLimit = budgetLimit
        self.backoff = backoff
        self.minimumInterval = minimumInterval
    }
}
