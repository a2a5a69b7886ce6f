import Foundation

/// WidgetKit's refresh budget for one kind in one family: at most `limit` scheduled reloads in
/// any rolling 24 hours. Reloads the user explicitly forces are not recorded against it.
public struct RefreshBudget: Sendable, Hashable {
    public static let defaultLimit = 72
    public static let window: TimeInterval = 24 * 60 * 60

    public let limit: Int
    /// When the scheduled reloads still inside the window happened, oldest first.
    public private(set) var spent: [Date] = []

    public init(limit: Int = RefreshBudget.defaultLimit) {
        precondition(limit > 0, "a refresh budget allows at least one reload a day")
        self.limit = limit
    }

    /// A budget that has already counted the reloads at `spent` (restored after a restart).
    public init(limit: Int, spent: [Date]) {
        self.init(limit: limit)
        self.spent = spent.sorted()
    }

    /// Counts a scheduled reload made at `date`.
    public mutating func record(at date: Date) {
        forget(before: date)
        spent.append(date)
    }

    public func used(at now: Date) -> Int {
        spent.count { $0 > now.addingTimeInterval(-Self.window) }
    }

    public func remaining(at now: Date) -> Int {
        max(0, limit - used(at: now))
    }

    /// When the next scheduled reload may happen: `now` while the budget lasts, otherwise the
    /// moment the oldest counted reload leaves the window.
    public func nextAvailable(at now: Date) -> Date {
        let recent = spent.filter { $0 > now.addingTimeInterval(-Self.window) }
        guard recent.count >= limit else { return now }
        return recent[recent.count - limit].addingTimeInterval(Self.window)
    }

    private mutating func forget(before now: Date) {
        spent.removeAll { $0 <= now.addingTimeInterval(-Self.window) }
    }
}
