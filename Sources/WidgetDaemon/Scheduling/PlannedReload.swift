import Foundation
import WidgetHostCore

/// When a kind in a family will next be reloaded, and why then.
public struct PlannedReload: Sendable, Hashable {
    /// Nil when nothing will reload it: a `.never` policy and no request.
    public let date: Date?
    public let cause: ReloadCause?
    /// Set when the reload is later than its cause alone would make it.
    public let hold: ReloadHold?

    public init(date: Date?, cause: ReloadCause?, hold: ReloadHold? = nil) {
        self.date = date
        self.cause = cause
        self.hold = hold
    }

    public static let never = PlannedReload(date: nil, cause: nil)

    /// The one word `status` shows: what decides the date (policy, request, backoff, budget…).
    public var reason: String {
        if let hold { return hold.rawValue }
        return cause?.rawValue ?? "never"
    }

    public func isDue(at now: Date) -> Bool {
        date.map { $0 <= now } ?? false
    }
}
