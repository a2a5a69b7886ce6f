import Foundation
import Synchronization

/// Where scheduling reads the time. The system clock in a running host; a virtual clock in tests
/// and simulations, which moves only when told to.
public protocol HostClock: Sendable {
    var now: Date { get }
}

public struct SystemClock: HostClock {
    public init() {}
    public var now: Date { Date() }
}

/// A clock that stands still until advanced, so a day of scheduling runs in milliseconds and
/// the same way every time.
public final class VirtualClock: HostClock {
    private let current: Mutex<Date>

    public init(start: Date) {
        current = Mutex(start)
    }

    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward; it never goes back.
    public func advance(to date: Date) {
        current.withLock { $0 = max($0, date) }
    }

    public func advance(by interval: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(max(0, interval)) }
    }
}
