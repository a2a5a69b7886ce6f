#if canImport(Glibc)
import Glibc
#endif

/// Input events' times (milliseconds on the display server's clock: X11's since the server
/// started, Wayland's of an unspecified base) against this process's monotonic clock. Edit mode is
/// fed the events' own times, and its timer must fire on the same clock: the offset is taken
/// again at each event, so the two never drift far apart.
public struct InputEventClock: Sendable {
    private var offset: Double?

    public init() {}

    /// An event's time in seconds, noting the offset.
    public mutating func seconds(ofEvent milliseconds: UInt32) -> Double {
        let seconds = Double(milliseconds) / 1000
        offset = Self.monotonic() - seconds
        return seconds
    }

    /// Now, on the events' clock; nil before the first event.
    public var now: Double? { offset.map { Self.monotonic() - $0 } }

    /// Milliseconds until `deadline` (the events' clock), rounded up so that a tick then finds it
    /// due; nil without a deadline or before the first event.
    public func milliseconds(until deadline: Double?) -> Int32? {
        guard let deadline, let now else { return nil }
        return Int32(min(max(((deadline - now) * 1000).rounded(.up), 0), Double(Int32.max)))
    }

    public static func monotonic() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
