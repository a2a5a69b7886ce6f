/// Where a running daemon serves its API: the line of `<data>/http.address`, either
/// `http://HOST:PORT/` or `unix:PATH`.
public enum DaemonAddress: Sendable, Hashable, CustomStringConvertible {
    case tcp(host: String, port: Int)
    case unix(path: String)

    /// Parses the address file's line; nil for anything else (a file from another version).
    public init?(line: String) {
        if line.hasPrefix("unix:") {
            let path = String(line.dropFirst("unix:".count))
            guard !path.isEmpty else { return nil }
            self = .unix(path: path)
            return
        }
        guard line.hasPrefix("http://") else { return nil }
        var authority = line.dropFirst("http://".count)
        if let slash = authority.firstIndex(of: "/") { authority = authority[..<slash] }
        guard let colon = authority.lastIndex(of: ":"), let port = Int(authority[authority.index(after: colon)...]),
              (1...65_535).contains(port) else { return nil }
        var host = authority[..<colon]
        // `[::1]`: brackets in the URL, none for the socket.
        if host.hasPrefix("[") && host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty else { return nil }
        self = .tcp(host: String(host), port: port)
    }

    /// The `Host` header the server accepts: the bound address with its port, or `localhost`
    /// on a Unix socket (the server refuses other names, against DNS rebinding).
    var hostHeader: String {
        switch self {
        case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .unix: "localhost"
        }
    }

    public var description: String {
        switch self {
        case .tcp: "http://\(hostHeader)/"
        case .unix(let path): "unix:\(path)"
        }
    }
}
