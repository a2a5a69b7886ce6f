import Foundation

/// The scheduler's memory of one kind in one family: what the budget has spent, how many calls
/// in a row failed, the last call. Kept in the registry record and persisted with it.
public struct KindSchedule: Sendable, Hashable {
    public package(set) var budget: RefreshBudget
    public package(set) var consecutiveFailures = 0
    public package(set) var lastCall: CallSummary?

    public init(budgetLimit: Int = RefreshBudget.defaultLimit) {
        budget = RefreshBudget(limit: budgetLimit)
    }

    /// The same history under another limit (the daemon restarted with `--budget`).
    func withBudgetLimit(_ limit: Int) -> KindSchedule {
        guard limit != budget.limit else { return self }
        var copy = self
        copy.budget = RefreshBudget(limit: limit, spent: budget.spent)
        return copy
    }

    mutating func recordCall(_ call: CallSummary) {
        if call.cause.countsAgainstBudget { budget.record(at: call.at) }
        consecutiveFailures = call.succeeded ? 0 : consecutiveFailures + 1
        lastCall = call
    }
}
