#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Synchronization
import WidgetStoreModel

/// The mechanics shared by `HostWakeup` and `HomeLayoutWakeup`: a one-byte datagram sent to a
/// Unix socket file, and the listening end that drains it on a background queue. Nothing polls:
/// a listener wakes only when something was sent.
enum WakeupDatagram {
    /// Sends one byte to the socket at `path`; true when a listener was there to receive it.
    static func send(to path: String) -> Bool {
        send([0x72], to: path)  // "r"
    }

    /// Sends `payload` as one datagram to the socket at `path`; true when a listener was there.
    ///
    /// - Parameter waitingMilliseconds: how long to wait for room when the listener's queue is
    ///   full (the kernel keeps only 10 datagrams by default); 0 does not wait. A wake-up need
    ///   not wait (one queued wake-up covers all); a notice that names what changed does.
    static func send(_ payload: [UInt8], to path: String, waitingMilliseconds: Int = 0) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard var address = UnixSocketAddress(path: path) else { return false }
        if waitingMilliseconds > 0 {
            var timeout = timeval(tv_sec: waitingMilliseconds / 1000, tv_usec: (waitingMilliseconds % 1000) * 1000)
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        let flags = waitingMilliseconds > 0 ? Int32(0) : Int32(MSG_DONTWAIT)
        let sent = payload.withUnsafeBytes { bytes in
            address.withSockaddr { pointer, length in
                sendto(descriptor, bytes.baseAddress, bytes.count, flags, pointer, length)
            }
        }
        // EAGAIN means the listener's queue is full of datagrams it has not read yet: it is there
        // and will read the store anyway.
        return sent == payload.count || errno == EAGAIN
    }

    /// Binds a socket at `path` (which must not exist) and calls `onWake` on a background queue
    /// after each burst of datagrams. The caller cancels the source and unlinks the path.
    static func listen(at path: String, onWake: @escaping @Sendable () -> Void) throws(HostWakeupError) -> any DispatchSourceRead {
        let descriptor = try bind(at: path, blocking: false)
        // A serial queue, not a global one: those start libdispatch's pool monitor, which wakes
        // the process every second for the rest of its life (an idle daemon must sleep).
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: "widgethost.wakeup"))
        source.setEventHandler {
            drain(descriptor)
            onWake()
        }
        // The socket file is removed by the owner's stop(), not here: this runs later, on another
        // thread, and by then a new listener may have bound the same path.
        source.setCancelHandler { close(descriptor) }
        source.resume()
        return source
    }

    /// A socket bound at `path` (which must not exist), readable by its owner only.
    static func bind(at path: String, blocking: Bool) throws(HostWakeupError) -> Int32 {
        guard var address = UnixSocketAddress(path: path) else { throw .pathTooLong(path: path) }
        let flags = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (blocking ? 0 : Int32(SOCK_NONBLOCK.rawValue))
        let descriptor = socket(AF_UNIX, flags, 0)
        guard descriptor >= 0 else { throw .socketFailed(path: path, reason: String(cString: strerror(errno))) }
        let bound = address.withSockaddr { pointer, length in Glibc.bind(descriptor, pointer, length) }
        // bind gives the socket file 0777 less the umask; only its owner may wake the listener.
        guard bound == 0, chmod(path, DataFolderPrivacy.fileMode) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            if bound == 0 { unlink(path) }
            throw .socketFailed(path: path, reason: reason)
        }
        return descriptor
    }

    /// Reads every queued datagram: one wake-up covers them all.
    static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 {}
    }
}

/// A listener on a thread of its own, blocked in `recv` until a datagram comes: for processes
/// that keep libdispatch's pool out of their idle (`widgethost desktop`: a process that has used
/// the pool is woken once a second by its monitor for the rest of its life).
final class WakeupThread: Sendable {
    let path: String
    private let descriptor: Int32
    private let stopped = Atomic<Bool>(false)

    init(path: String, onWake: @escaping @Sendable () -> Void) throws(HostWakeupError) {
        self.path = path
        let descriptor = try WakeupDatagram.bind(at: path, blocking: true)
        self.descriptor = descriptor
        Thread.detachNewThread { [self] in
            var byte: UInt8 = 0
            while true {
                let received = recv(descriptor, &byte, 1, 0)
                if self.stopped.load(ordering: .acquiring) { break }
                if received < 0 && errno == EINTR { continue }
                guard received >= 0 else { break }
                WakeupDatagram.drain(descriptor)
                onWake()
            }
            close(descriptor)
        }
    }

    /// Stops the thread (its own datagram wakes it to see that) and removes the socket file.
    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = WakeupDatagram.send(to: path)
        unlink(path)
    }
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
