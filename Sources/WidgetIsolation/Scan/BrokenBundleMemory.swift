import Foundation
import Synchronization
import WidgetStoreModel
import WidgetHostCore

/// Bundle files whose worker died while scanning them, remembered in `<data>/broken-bundles.json`
/// (like GStreamer's registry of plugins that crashed the scanner): such a file is not loaded
/// again until it changes, so one bad bundle cannot crash every start.
///
/// A file is the same file while its path, size and modification time are; rebuilding it forgets
/// the mark. The list is rewritten whole, to a temporary file that is synced and renamed over the
/// old one, so a crash mid-write leaves the old list or the new, never half of one.
public final class BrokenBundleMemory: Sendable {
    public struct Entry: Sendable, Hashable, Codable {
        public let path: String
        public let size: Int64
        public let modifiedSeconds: Int
        public let modifiedNanoseconds: Int
        public let failure: WorkerFailure
        public let at: Date
    }

    public let url: URL
    private let entries: Mutex<[String: Entry]>

    public init(location: StoreLocation) {
        url = location.directory.appendingPathComponent("broken-bundles.json")
        // A list this host cannot read (another version's) is dropped: that costs one more
        // crashing scan, nothing else.
        let saved = HostJSONFile.read([Entry].self, from: url) ?? []
        entries = Mutex(Dictionary(saved.map { ($0.path, $0) }, uniquingKeysWith: { $1 }))
    }

    /// The mark for the file at `path`, if it is still the file that broke.
    public func entry(for path: String) -> Entry? {
        // The file is looked at only when it has a mark: most have none.
        guard let entry = entries.withLock({ $0[path] }), let stamp = FileStamp(path: path) else { return nil }
        return entry.matches(stamp) ? entry : nil
    }

    func remember(_ path: String, failure: WorkerFailure) {
        guard let stamp = FileStamp(path: path) else { return }
        let entry = Entry(
            path: path, size: stamp.size, modifiedSeconds: stamp.modifiedSeconds,
            modifiedNanoseconds: stamp.modifiedNanoseconds, failure: failure, at: Date())
        save { $0[path] = entry }
    }

    /// Forgets `path` (it changed, or scanned well).
    package func forget(_ path: String) {
        guard entries.withLock({ $0[path] != nil }) else { return }
        save { $0[path] = nil }
    }

    private func save(_ change: (inout [String: Entry]) -> Void) {
        let list = entries.withLock { entries in
            change(&entries)
            return entries.values.sorted { $0.path < $1.path }
        }
        // Losing the mark costs one more crashing scan at the next start; nothing else.
        try? HostJSONFile.write(list, to: url)
    }
}

extension BrokenBundleMemory.Entry {
    func matches(_ stamp: FileStamp) -> Bool {
        size == stamp.size && modifiedSeconds == stamp.modifiedSeconds && modifiedNanoseconds == stamp.modifiedNanoseconds
    }
}
