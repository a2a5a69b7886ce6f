import Foundation
import Synchronization

/// The `Host` values a request may carry: the bound address or localhost, with the bound port.
/// Anything else is a page on another name pointing at this machine (DNS rebinding).
public final class AllowedHosts: Sendable {
    private let address: ListenAddress
    /// Bound to every interface (`0.0.0.0`, `::`): the machine's own names and addresses.
    private let machineNames: [String]
    /// Known once the socket is bound (port 0 picks one).
    private let boundPort = Atomic<Int>(0)

    init(address: ListenAddress) {
        self.address = address
        if case .tcp(let host, let port) = address {
            boundPort.store(port, ordering: .relaxed)
            machineNames = ["0.0.0.0", "::"].contains(host) ? Self.machineNames() : []
        } else {
            machineNames = []
        }
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
            names += machineNames
            return names.contains { authority == "\($0):\(port)" }
        }
    }

    /// The host name and every interface address, as a `Host` header would spell them.
    private static func machineNames() -> [String] {
        var names = [ProcessInfo.processInfo.hostName.lowercased()]
        var interfaces: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&interfaces) == 0 else { return names }
        defer { freeifaddrs(interfaces) }
        var cursor = interfaces
        while let interface = cursor?.pointee {
            defer { cursor = interface.ifa_next }
            guard let address = interface.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .split(separator: "%").first.map(String.init) ?? ""  // no zone ("fe80::1%eth0")
            names.append(family == AF_INET6 ? "[\(name.lowercased())]" : name)
        }
        return names
    }
}
