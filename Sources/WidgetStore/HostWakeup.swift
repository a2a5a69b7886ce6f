#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Synchronization

/// How a reload request reaches a running host without polling: the request is first recorded
/// in the store (so it survives when no host runs), then a one-byte datagram is sent to the
/// host's socket, `<data>/host.sock`. A listening host wakes, reads the pending requests from the
/// store and acknowledges them once honoured. No socket, or nobody on it, just means the host will
/// find the requests when it next starts.
public enum HostWakeup {
    /// Pokes the host listening at `location`; true when one was there to receive it.
    @discardableResult
    public static func notify(_ location: StoreLocation) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard var address = UnixSocketAddress(path: location.wakeupSocketURL.path) else { return false }
        var byte: UInt8 = 0x72  // "r"
        let sent = address.withSockaddr { pointer, length in
            sendto(descriptor, &byte, 1, Int32(MSG_DONTWAIT), pointer, length)
        }
        // EAGAIN means the host's queue is full of wake-ups it has not read yet: it is there and
        // will read the store anyway.
        return sent == 1 || errno == EAGAIN
    }
}

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

/// A host's end of `HostWakeup`: calls `onWake` on a background queue when a request arrives.
public final class HostWakeupListener: Sendable {
    private let source: Mutex<(any DispatchSourceRead)?>
    public let path: String

    public init(location: StoreLocation, onWake: @escaping @Sendable () -> Void) throws(HostWakeupError) {
        let path = location.wakeupSocketURL.path
        self.path = path
        guard var address = UnixSocketAddress(path: path) else { throw .pathTooLong(path: path) }
        if FileManager.default.fileExists(atPath: path) {
            // A live host answers; a stale socket left by a killed one refuses and is replaced.
            guard !HostWakeup.notify(location) else { throw .anotherHostListening(path: path) }
            unlink(path)
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw .socketFailed(path: path, reason: String(cString: strerror(errno))) }
        let bound = address.withSockaddr { pointer, length in bind(descriptor, pointer, length) }
        // bind gives the socket file 0777 less the umask; only its owner may wake the host.
        guard bound == 0, chmod(path, DataFolderPrivacy.fileMode) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            if bound == 0 { unlink(path) }
            throw .socketFailed(path: path, reason: reason)
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global())
        source.setEventHandler {
            // Drain every queued datagram; one wake-up covers them all.
            var buffer = [UInt8](repeating: 0, count: 64)
            while recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 {}
            onWake()
        }
        // The socket file is removed by stop() itself, not here: this runs later, on another
        // thread, and by then a new listener may have bound the same path.
        source.setCancelHandler { close(descriptor) }
        source.resume()
        self.source = Mutex(source)
    }

    /// Stops listening and removes the socket file: once it returns, nobody can wake this
    /// listener and another may listen at the same path.
    public func stop() {
        source.withLock { source in
            guard let active = source else { return }
            unlink(path)
            active.cancel()
            source = nil
        }
    }

    deinit { stop() }
}

/// A `sockaddr_un` for a filesystem path.
struct UnixSocketAddress {
    private var storage = sockaddr_un()

    init?(path: String) {
        storage.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: storage.sun_path)
        guard bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
    }

    mutating func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        let length = socklen_t(MemoryLayout<sockaddr_un>.size)
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
