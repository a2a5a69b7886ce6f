import Foundation

/// How long to wait before retrying a kind whose reloads keep failing: doubling from `initial`,
/// never more than `maximum`. The last good timeline stays on screen meanwhile.
public struct Backoff: Sendable, Hashable, Codable {
    public let initial: TimeInterval
    public let maximum: TimeInterval

    public init(initial: TimeInterval = 30, maximum: TimeInterval = 60 * 60) {
        precondition(initial > 0 && maximum >= initial, "backoff needs 0 < initial <= maximum")
        self.initial = initial
        self.maximum = maximum
    }

    /// The wait after `failures` failures in a row; none before the first.
    public func delay(afterFailures failures: Int) -> TimeInterval {
        guard failures > 0 else { return 0 }
        // Capped before multiplying out, so a long outage cannot overflow.
        let doublings = min(failures - 1, 62)
        return min(maximum, initial * pow(2, Double(doublings)))
    }
}
