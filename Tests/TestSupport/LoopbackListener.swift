#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket listening on 127.0.0.1 at a port the kernel picks, which never accepts: a
/// connect to it completes in the kernel's backlog. For probes that must tell a connection that
/// worked from one that was denied, without a server.
public final class LoopbackListener: Sendable {
    public let port: UInt16
    private let descriptor: Int32

    public init() throws(LoopbackListenerError) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw LoopbackListenerError(call: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(INADDR_LOOPBACK).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let failedCall: String? = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                if bind(descriptor, address, length) != 0 { return "bind" }
                if listen(descriptor, 16) != 0 { return "listen" }
                if getsockname(descriptor, address, &length) != 0 { return "getsockname" }
                return nil
            }
        }
        if let failedCall {
            let code = errno
            close(descriptor)
            throw LoopbackListenerError(call: failedCall, code: code)
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        close(descriptor)
    }
}

public struct LoopbackListenerError: Error, CustomStringConvertible {
    public let call: String
    public let code: Int32
    public var description: String { "\(call) failed for a loopback listener: errno \(code)" }
}
