/// What a watcher says about its connection, for standard error: a panel reads standard output
/// only, and a person setting it up wants to know why nothing shows.
public enum WatchNote: Sendable, Hashable, CustomStringConvertible {
    /// No daemon serves the data folder (no address file): waiting for one.
    case waitingForDaemon
    case connected(DaemonAddress)
    /// The first failure since the last connection; retried until it succeeds.
    case unreachable(DaemonClientError)
    /// The event stream ended (the daemon stopped or restarted): reconnecting.
    case disconnected(DaemonAddress)
    /// Kinds named that the daemon does not serve (their bundle is not loaded there).
    case kindsNotServed([String])

    public var description: String {
        switch self {
        case .waitingForDaemon: "waiting for `widgethost run` to serve this data folder (it writes http.address there)"
        case .connected(let address): "connected to \(address)"
        case .unreachable(let error): "\(error); retrying"
        case .disconnected(let address): "the daemon at \(address) closed the event stream; reconnecting"
        case .kindsNotServed(let kinds): "the daemon serves no \(kinds.joined(separator: ", ")); shown when it does"
        }
    }
}
