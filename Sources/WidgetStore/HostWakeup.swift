#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Synchronization
import WidgetStoreModel

/// How a reload request reaches a running host without polling: the request is first recorded
/// in the store (so it survives when no host runs), then a one-byte datagram is sent to the
/// host's socket, `<data>/host.sock`. A listening host wakes, reads the pending requests from the
/// store and acknowledges them once honoured. No socket, or nobody on it, just means the host will
/// find the requests when it next starts.
public enum HostWakeup {
    /// Pokes the host listening at `location`; true when one was there to receive it.
    @discardableResult
    public static func notify(_ location: StoreLocation) -> Bool {
        WakeupDatagram.send(to: location.wakeupSocketURL.path)
    }
}

/// A host's end of `HostWakeup`: calls `onWake` on a background queue when a request arrives.
public final class HostWakeupListener: Sendable {
    private let source: Mutex<(any DispatchSourceRead)?>
    public let path: String

    public init(location: StoreLocation, onWake: @escaping @Sendable () -> Void) throws(HostWakeupError) {
        let path = location.wakeupSocketURL.path
        self.path = path
        if FileManager.default.fileExists(atPath: path) {
            // A live host answers; a stale socket left by a killed one refuses and is replaced.
            guard !HostWakeup.notify(location) else { throw .anotherHostListening(path: path) }
            unlink(path)
        }
        let source = try WakeupDatagram.listen(at: path, onWake: onWake)
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
