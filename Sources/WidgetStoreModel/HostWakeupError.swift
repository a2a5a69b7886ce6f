/// Why a host could not listen for reload requests.
public enum HostWakeupError: Error, Sendable, Hashable, CustomStringConvertible {
    case pathTooLong(path: String)
    case anotherHostListening(path: String)
    case socketFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .pathTooLong(let path):
            "cannot listen for reload requests at \(path): the path is longer than a Unix socket allows (107 bytes); choose a shorter --data-dir"
        case .anotherHostListening(let path):
            "another widgethost host is already listening at \(path); stop it, or give this one its own --data-dir"
        case .socketFailed(let path, let reason):
            "cannot listen for reload requests at \(path): \(reason)"
        }
    }
}
