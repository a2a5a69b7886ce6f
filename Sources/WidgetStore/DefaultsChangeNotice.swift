#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import WidgetStoreModel

/// How a running daemon learns which defaults changed, whoever wrote them (an app linking
/// WidgetApp, the CLI, the daemon's own D-Bus and HTTP front ends): after its transaction
/// commits, the writer sends one datagram naming the group and keys to `<data>/defaults.sock`.
/// The daemon turns it into D-Bus's `Changed` signal and the event stream's `defaults` event.
///
/// Like `HostWakeup`, it is a hint after the fact: the store is the truth, and nothing is lost
/// when no daemon listens.
public enum DefaultsChangeNotice {
    /// A notice larger than this names no keys: "something in the group changed".
    static let maximumSize = 60_000

    /// Tells the listening daemon, if any, that `keys` of `group` changed.
    @discardableResult
    public static func send(group: String, keys: [String], location: StoreLocation) -> Bool {
        var payload = encode(group: group, keys: keys)
        if payload.count > maximumSize { payload = encode(group: group, keys: []) }
        // Waits a moment for room: a notice dropped is a `Changed` signal an app never sees.
        return WakeupDatagram.send(payload, to: location.defaultsChangesSocketURL.path, waitingMilliseconds: 200)
    }

    static func encode(group: String, keys: [String]) -> [UInt8] {
        // One line of NUL-separated names: a group name or key never holds NUL (both are checked).
        Array(([group] + keys).joined(separator: "\0").utf8)
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> (group: String, keys: [String])? {
        let names = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard let group = names.first, !group.isEmpty else { return nil }
        return (group, Array(names.dropFirst()))
    }
}

/// The daemon's end of `DefaultsChangeNotice`: calls `onChange` on a thread of its own for each
/// notice, in the order they were sent. Keep it; `stop()` it (or let it go) to end.
public final class DefaultsChangeListener: Sendable {
    public let path: String
    private let descriptor: Int32
    private let stopped = Atomic<Bool>(false)

    public init(
        location: StoreLocation, onChange: @escaping @Sendable (_ group: String, _ keys: [String]) -> Void
    ) throws(HostWakeupError) {
        let path = location.defaultsChangesSocketURL.path
        self.path = path
        do {
            try DataFolderPrivacy.createFolder(location.directory)
        } catch {
            throw .socketFailed(path: path, reason: error.reason)
        }
        // A socket left by a killed daemon; the daemon lock says none runs now.
        unlink(path)
        let descriptor = try WakeupDatagram.bind(at: path, blocking: true)
        self.descriptor = descriptor
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: DefaultsChangeNotice.maximumSize + 1)
            while true {
                let received = recv(descriptor, &buffer, buffer.count, 0)
                if self.stopped.load(ordering: .acquiring) { break }
                if received < 0 && errno == EINTR { continue }
                guard received >= 0 else { break }
                if let (group, keys) = DefaultsChangeNotice.decode(buffer[..<received]) { onChange(group, keys) }
            }
            close(descriptor)
        }
    }

    /// Stops the thread (an empty datagram wakes it to see that) and removes the socket file.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = WakeupDatagram.send([], to: path)
        unlink(path)
    }

    deinit { stop() }
}
