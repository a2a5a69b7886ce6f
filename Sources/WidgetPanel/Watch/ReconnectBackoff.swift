/// How long a watcher waits before looking for the daemon again: 50 ms, doubling to at most
/// 2 s, so a daemon that comes up is seen within 2 s and one that stays away costs a file read
/// every 2 s. Reset once connected.
public struct ReconnectBackoff: Sendable {
    static let first: Duration = .milliseconds(50)
    static let longest: Duration = .seconds(2)

    private(set) var next = first

    public init() {}

    public mutating func wait() async throws {
        try await Task.sleep(for: advance())
    }

    /// The delay to wait now, for a caller that waits its own way (the desktop, on its event
    /// loop: `Task.sleep` would start libdispatch's pool).
    public mutating func advance() -> Duration {
        let delay = next
        next = min(next * 2, Self.longest)
        return delay
    }

    public mutating func reset() {
        next = Self.first
    }
}
