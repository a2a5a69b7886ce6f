import Foundation
import Synchronization
import WidgetStoreModel

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

/// A home screen's end of `HomeLayoutWakeup`: calls `onChange` on a thread of its own after the
/// layout or the instances changed. Keep it; `stop()` it (or let it go) to end. It uses no
/// libdispatch queue, so a home screen that is otherwise idle stays asleep (`WakeupThread`).
public final class HomeLayoutListener: Sendable {
    private let thread: WakeupThread
    public var path: String { thread.path }

    public init(location: StoreLocation, onChange: @escaping @Sendable () -> Void) throws(HostWakeupError) {
        let folder = location.homeListenersDirectory
        do {
            try DataFolderPrivacy.createFolder(folder)
        } catch {
            throw .socketFailed(path: folder.path, reason: error.reason)
        }
        // Short, so that the path fits a socket address under a long data folder.
        let path = folder.appendingPathComponent("\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock").path
        thread = try WakeupThread(path: path, onWake: onChange)
    }

    /// Stops listening and removes the socket file.
    public func stop() {
        thread.stop()
    }

    deinit { stop() }
}
