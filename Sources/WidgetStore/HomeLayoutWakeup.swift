import Foundation
import Synchronization

/// How the home screens learn that the layout or the instances changed, without polling: every
/// listener binds its own socket in `<data>/home-listeners/`, and a change sends one byte to each.
/// Several can listen at once (a desktop per output, the daemon's browser home screen), unlike the
/// host's single `HostWakeup` socket. A socket nobody listens on any more (a killed desktop) is
/// removed by the next notification.
public enum HomeLayoutWakeup {
    /// Pokes every home screen listening at `location`.
    public static func notify(_ location: StoreLocation) {
        let folder = location.homeListenersDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasSuffix(".sock") {
            let path = folder.appendingPathComponent(name).path
            if !WakeupDatagram.send(to: path) { unlink(path) }
        }
    }
}

/// A home screen's end of `HomeLayoutWakeup`: calls `onChange` on a background queue after the
/// layout or the instances changed. Keep it; `stop()` it (or let it go) to end.
public final class HomeLayoutListener: Sendable {
    private let source: Mutex<(any DispatchSourceRead)?>
    public let path: String

    public init(location: StoreLocation, onChange: @escaping @Sendable () -> Void) throws(HostWakeupError) {
        let folder = location.homeListenersDirectory
        do {
            try DataFolderPrivacy.createFolder(folder)
        } catch {
            throw .socketFailed(path: folder.path, reason: error.reason)
        }
        // Short, so that the path fits a socket address under a long data folder.
        let path = folder.appendingPathComponent("\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock").path
        self.path = path
        source = Mutex(try WakeupDatagram.listen(at: path, onWake: onChange))
    }

    /// Stops listening and removes the socket file.
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
