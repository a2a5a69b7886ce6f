import Foundation

/// What the server needs besides the host: where to listen and its limits.
public struct ServerConfiguration: Sendable {
    public var address: ListenAddress
    public var allowRemote: Bool
    /// Request bodies above this are refused with 413.
    public var maximumBodySize = 64 * 1024
    /// Event-stream clients above this are refused with 503.
    public var maximumSubscribers = 256
    /// How many past events a reconnecting client can catch up on.
    public var backlogSize = 1_024
    public var heartbeatInterval: Duration = .seconds(15)
    /// A connection that sends no complete request head for this long, or a request body that
    /// does not arrive within it, is cut off (slow clients hold no connection for ever).
    public var requestTimeout: Duration = .seconds(10)
    /// What `POST …/open` runs for a widget's URL (`--open-url-command`); `none` runs nothing.
    public var openURLCommand: OpenURLCommand = .standard

    /// Served beyond this machine: every request then needs the token, reads included.
    public var requiresTokenForEveryRequest: Bool { !address.isLoopback }

    public init(address: ListenAddress = .default, allowRemote: Bool = false) {
        self.address = address
        self.allowRemote = allowRemote
    }

    /// Refuses a non-loopback address unless remote serving was asked for.
    public func validate() throws(ServerConfigurationError) {
        if !address.isLoopback && !allowRemote { throw .remoteNotAllowed(address.description) }
    }
}
