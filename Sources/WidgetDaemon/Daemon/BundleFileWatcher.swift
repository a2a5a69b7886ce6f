#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization
import WidgetHostCore

/// Tells the daemon when a loaded bundle's file is rewritten or replaced on disk (inotify on the
/// bundles' folders, no polling): an author rebuilds, and the running host picks the new code
/// up — its worker restarts at the next call — without a restart of its own.
final class BundleFileWatcher: Sendable {
    private let source: Mutex<(any DispatchSourceRead)?>

    /// Nil when inotify is unavailable; the host then notices changes only at the next call.
    init?(paths: [String], onChange: @escaping @Sendable (String) -> Void) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        var folders: [Int32: String] = [:]
        let watched = Set(paths)
        for folder in Set(paths.map { String($0[..<($0.lastIndex(of: "/") ?? $0.endIndex)]) }) {
            // A build writes the file in place (close after write) or renames a new one over it;
            // a removal (deleted, or moved away) is told too, so home screens stop offering it.
            let watch = inotify_add_watch(descriptor, folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM))
            if watch >= 0 { folders[watch] = folder }
        }
        let watches = folders
        // A serial queue, not a global one: those start libdispatch's pool monitor (`DaemonExecutor`).
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: "widgethost.bundle-watch"))
        source.setEventHandler {
            for path in Self.readChanges(descriptor, folders: watches) where watched.contains(path) { onChange(path) }
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
        self.source = Mutex(source)
    }

    func stop() {
        source.withLock { source in
            source?.cancel()
            source = nil
        }
    }

    /// The paths named by the events waiting on `descriptor`.
    private static func readChanges(_ descriptor: Int32, folders: [Int32: String]) -> [String] {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var paths: [String] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return paths }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (watch, nameLength) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, Int(event.len))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + nameLength)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if let folder = folders[watch], !name.isEmpty { paths.append(folder + "/" + name) }
                offset += header + nameLength
            }
        }
    }
}
