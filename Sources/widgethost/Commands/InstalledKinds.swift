import Synchronization
import WidgetApp
import WidgetHostCore
import WidgetIsolation
import WidgetStore
import WidgetStoreModel

/// The kinds the CLI knows are installed: the catalog the last `run` or `refresh` recorded and,
/// for a kind it does not name (or when there is no catalog yet), the bundle folders themselves,
/// so a bundle installed since the last run is known too. What `reload` and `watch` check kinds
/// against before anything is recorded.
final class InstalledKinds: WidgetKindDirectory {
    let location: StoreLocation
    private let recordedKinds: Set<String>
    /// The bundle folders' kinds, scanned once, when a kind is not in the catalog.
    private let scan = Mutex<[(kind: String, families: [WidgetFamily])]?>(nil)

    /// - Parameter store: the command's store, whose catalog is read here.
    init(store: LazySharedStore) {
        self.location = store.location
        if let catalog = try? store.open().catalog(), catalog.recordedAt != nil {
            recordedKinds = Set(catalog.kinds.keys)
        } else {
            recordedKinds = []
        }
    }

    func families(ofKind kind: String) -> [WidgetFamily]? {
        if recordedKinds.contains(kind) { return [] }
        return scanned.first { $0.kind == kind }?.families
    }

    var installedKinds: [String] { Array(recordedKinds.union(scanned.map(\.kind))).sorted() }

    /// Refuses `kinds` that no installed bundle declares, naming the known ones.
    static func check(_ kinds: [String], store: LazySharedStore) throws(AppServiceError) {
        let directory = InstalledKinds(store: store)
        let unknown = kinds.filter { directory.families(ofKind: $0) == nil }
        guard unknown.isEmpty else { throw AppServiceError.unknownKinds(unknown, known: directory.installedKinds) }
    }

    /// The kinds in the default folders and WIDGETHOST_PATH, read as `list` reads them: each
    /// bundle in a worker (through the bundle cache), so no bundle code runs in this process.
    private var scanned: [(kind: String, families: [WidgetFamily])] {
        scan.withLock { scanned in
            if let scanned { return scanned }
            LogSetup.bootstrap(verbose: false)
            let host = BundleHost(HostConfiguration(
                searchPath: .standard(commandLine: []), storeLocation: location, isolation: .worker(WorkerSettings())))
            let kinds = host.bundles.catalog.widgets.map { (kind: $0.kind, families: $0.families) }
            scanned = kinds
            return kinds
        }
    }
}
