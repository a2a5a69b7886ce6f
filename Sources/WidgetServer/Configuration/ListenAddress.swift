import Foundation

/// Where the server listens: `--http ADDR:PORT`, `unix:PATH` or `off`.
public enum ListenAddress: Sendable, Hashable, CustomStringConvertible {
    case tcp(host: String, port: Int)
    case unix(path: String)
    case off

    public static let `default` = ListenAddress.tcp(host: "127.0.0.1", port: 8787)

    /// Parses `ADDR:PORT` (`[::1]:PORT` for IPv6), `unix:PATH` or `off`.
    public init(parsing text: String) throws(ServerConfigurationError) {
        if text == "off" {
            self = .off
            return
        }
        if text.hasPrefix("unix:") {
            let path = String(text.dropFirst("unix:".count))
            guard !path.isEmpty else { throw .badAddress(text, reason: "unix: needs a socket path, as in unix:/run/widgethost.sock") }
            self = .unix(path: path)
            return
        }
        guard let colon = text.lastIndex(of: ":") else {
            throw .badAddress(text, reason: "expected ADDR:PORT (such as 127.0.0.1:8787), unix:PATH or off")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw .badAddress(text, reason: "the address before the port is empty; use 127.0.0.1:PORT") }
        guard let port = Int(text[text.index(after: colon)...]), (0...65_535).contains(port) else {
            throw .badAddress(text, reason: "the port must be a whole number 0–65535")
        }
        self = .tcp(host: host, port: port)
    }

    /// Loopback addresses only; a Unix socket is guarded by its file's permissions.
    public var isLoopback: Bool {
        switch self {
        case .tcp(let host, _): ["127.0.0.1", "::1", "localhost"].contains(host) || host.hasPrefix("127.")
        case .unix, .off: true
        }
    }

    public var description: String {
        switch self {
        case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .unix(let path): "unix:\(path)"
        case .off: "off"
        }
    }
}

/// A `--http` value or server setting that cannot be used, naming the option and what to do.
public enum ServerConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case badAddress(String, reason: String)
    case remoteNotAllowed(String)
    case portInUse(String)
    case cannotListen(String, reason: String)
    case token(path: String, reason: String)

    public var description: String {
        switch self {
        case .badAddress(let text, let reason): "--http \(text): \(reason)"
        case .remoteNotAllowed(let text):
            "--http \(text) is not a loopback address; pass --http-allow-remote to serve other machines (every request then needs the token in <data>/http.token)"
        case .portInUse(let text): "--http \(text): the port is already in use; pick another with --http ADDR:PORT, or --http off"
        case .cannotListen(let text, let reason): "--http \(text): cannot listen: \(reason)"
        case .token(let path, let reason): "the HTTP token \(path): \(reason)"
        }
    }
}
