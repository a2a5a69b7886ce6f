/// Why a request to the daemon's API did not give an answer. All of them mean "try again
/// later" to a watcher: the daemon is starting, stopping or restarting.
public enum DaemonClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No connection: refused (a daemon killed left its address file behind), or reset.
    case cannotConnect(DaemonAddress, reason: String)
    /// The daemon answered with another status than 200 (503: too many event subscribers).
    case status(Int, path: String, body: String)
    /// The connection ended before the answer was complete.
    case answerCutShort(path: String)
    /// An answer over the size a panel could need.
    case answerTooLarge(path: String, limit: Int)
    /// An answer that is not the JSON the API describes.
    case malformedAnswer(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotConnect(let address, let reason): "cannot connect to \(address): \(reason)"
        case .status(let status, let path, let body): "GET \(path) answered \(status): \(body.prefix(200))"
        case .answerCutShort(let path): "GET \(path): the connection ended before the answer did"
        case .answerTooLarge(let path, let limit): "GET \(path): the answer is over \(limit / 1_048_576) MiB"
        case .malformedAnswer(let path, let reason): "GET \(path): not the API's JSON: \(reason)"
        }
    }
}
