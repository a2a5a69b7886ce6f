/// Why a host could not listen for reload requests (or a home screen for layout changes).
///
/// A struct over a private reason, as `StoreError` is, so that reasons can be added without
/// breaking a caller's `switch`.
public struct HostWakeupError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case pathTooLong(path: String)
        case anotherHostListening(path: String)
        case socketFailed(path: String, reason: String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The socket's path does not fit a Unix socket address.
    public static func pathTooLong(path: String) -> HostWakeupError { HostWakeupError(.pathTooLong(path: path)) }

    /// Another host already listens on this data folder.
    public static func anotherHostListening(path: String) -> HostWakeupError {
        HostWakeupError(.anotherHostListening(path: path))
    }

    /// The socket could not be made, bound or read.
    public static func socketFailed(path: String, reason: String) -> HostWakeupError {
        HostWakeupError(.socketFailed(path: path, reason: reason))
    }

    /// The socket's path (or the folder it would be made in) that the failure is about.
    public var path: String {
        switch reason {
        case .pathTooLong(let path), .anotherHostListening(let path), .socketFailed(let path, _): path
        }
    }

    public var description: String {
        switch reason {
        case .pathTooLong(let path):
            "cannot listen for reload requests at \(path): the path is longer than a Unix socket allows (107 bytes); choose a shorter --data-dir"
        case .anotherHostListening(let path):
            "another widgethost host is already listening at \(path); stop it, or give this one its own --data-dir"
        case .socketFailed(let path, let reason):
            "cannot listen for reload requests at \(path): \(reason)"
        }
    }
}
