import Foundation
import Synchronization

/// The `Host` values a request may carry: the bound address or localhost, with the bound port.
/// Anything else is a page on another name pointing at this machine (DNS rebinding).
public final class AllowedHosts: Sendable {
    private let address: ListenAddress
    /// Known once the socket is bound (port 0 picks one).
    private let boundPort = Atomic<Int>(0)

    init(address: ListenAddress) {
        self.address = address
        if case .tcp(_, let port) = address { boundPort.store(port, ordering: .relaxed) }
    }

    func bound(port: Int) { boundPort.store(port, ordering: .relaxed) }

    var port: Int { boundPort.load(ordering: .relaxed) }

    func allows(_ authority: String?) -> Bool {
        guard let authority = authority?.lowercased(), !authority.isEmpty else { return false }
        switch address {
        case .off: return false
        case .unix:
            // Whatever reached the socket got past its file permissions; names still checked.
            let name = authority.split(separator: ":").first.map(String.init) ?? authority
            return name == "localhost"
        case .tcp(let host, _):
            let port = self.port
            var names = ["localhost", "127.0.0.1", "[::1]"]
            names.append(host.contains(":") ? "[\(host.lowercased())]" : host.lowercased())
            return names.contains { authority == "\($0):\(port)" }
        }
    }
}
