import Foundation
import Synchronization
import WidgetPayload
import WidgetStoreModel
import WidgetHostCore

/// What each bundle file declared when a worker last scanned it, kept in
/// `<data>/bundle-cache.json` (like GStreamer's registry): a warm start of a host with hundreds of
/// bundles opens none of them — their workers start at their first call.
///
/// An entry holds while the file's real path, size and modification time are unchanged (never a
/// folder's mtime); a changed file is rescanned alone. Entries for files gone from the search path
/// are dropped. A cache written by another format, ABI or protocol version is ignored whole and
/// rebuilt. The file is replaced whole (`AtomicFile`). Crashes during a scan are kept apart, in
/// `BrokenBundleMemory`, with the same keying.
final class BundleCache: Sendable {
    /// 2: written by `HostJSONFile` (keys sorted; an integer beyond Int64 as a decimal string).
    /// 3: entries carry the signature of the bundle's entitlements and Info.plist.
    static let formatVersion = 3

    struct Entry: Sendable, Hashable, Codable {
        let path: String
        let size: Int64
        let modifiedSeconds: Int
        let modifiedNanoseconds: Int
        let report: WorkerScanReport
        /// `BundleInfoFiles.signature(besideBundle:resourceFolder:)` when scanned: the groups and version came
        /// from those files too.
        var infoFiles: String? = nil

        func matches(_ stamp: FileStamp, infoFiles current: String) -> Bool {
            size == stamp.size && modifiedSeconds == stamp.modifiedSeconds && modifiedNanoseconds == stamp.modifiedNanoseconds
                && (infoFiles ?? "") == current
        }
    }

    /// What the cache must have been written by to be trusted.
    struct Producer: Sendable, Hashable, Codable {
        var format = BundleCache.formatVersion
        var abi = ABIVersion.host.description
        var workerProtocol = WorkerProtocol.version
        var host = HostIdentity.version
    }

    private struct Contents: Codable {
        var producer: Producer
        var entries: [Entry]
    }

    let url: URL
    private let entries: Mutex<[String: Entry]>
    private let changed = Atomic<Bool>(false)

    /// Reads the cache; an unreadable file, or one of another producer, counts as empty.
    init(location: StoreLocation) {
        url = location.directory.appendingPathComponent("bundle-cache.json")
        let contents = HostJSONFile.read(Contents.self, from: url)
        let trusted = contents?.producer == Producer() ? contents?.entries ?? [] : []
        entries = Mutex(Dictionary(trusted.map { ($0.path, $0) }, uniquingKeysWith: { $1 }))
        if contents != nil && trusted.isEmpty && !(contents?.entries.isEmpty ?? true) { changed.store(true, ordering: .relaxed) }
    }

    /// The scan of the file at `path` (its real path), if the file is unchanged since.
    /// - Parameter resourceFolder: the bundle's SwiftPM resource folder, found by the caller
    ///   with a remembered listing (listing the folder once per bundle is what made warm starts slow).
    func report(for path: String, stamp: FileStamp, resourceFolder: URL?) -> WorkerScanReport? {
        let infoFiles = BundleInfoFiles.signature(besideBundle: URL(fileURLWithPath: path), resourceFolder: .known(resourceFolder))
        return entries.withLock { $0[path] }.flatMap { $0.matches(stamp, infoFiles: infoFiles) ? $0.report : nil }
    }

    func store(_ report: WorkerScanReport, for path: String, stamp: FileStamp, resourceFolder: URL?) {
        let signature = BundleInfoFiles.signature(besideBundle: URL(fileURLWithPath: path), resourceFolder: .known(resourceFolder))
        let entry = Entry(
            path: path, size: stamp.size, modifiedSeconds: stamp.modifiedSeconds,
            modifiedNanoseconds: stamp.modifiedNanoseconds, report: report, infoFiles: signature.isEmpty ? nil : signature)
        let replaced = entries.withLock { $0.updateValue(entry, forKey: path) }
        if replaced != entry { changed.store(true, ordering: .relaxed) }
    }

    /// Drops entries for files no longer on the search path.
    func retain(only paths: Set<String>) {
        let dropped = entries.withLock { entries in
            let gone = entries.keys.filter { !paths.contains($0) }
            for path in gone { entries[path] = nil }
            return !gone.isEmpty
        }
        if dropped { changed.store(true, ordering: .relaxed) }
    }

    /// Writes the cache if anything changed. A cache that cannot be written costs the next start
    /// a full scan, nothing more.
    func saveIfChanged() {
        guard changed.exchange(false, ordering: .relaxed) else { return }
        let list = entries.withLock { $0.values.sorted { $0.path < $1.path } }
        try? HostJSONFile.write(Contents(producer: Producer(), entries: list), to: url)
    }
}
