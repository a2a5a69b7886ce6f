import WidgetHostCore
import WidgetIsolation

/// Kinds given to `widgethost reload` that no installed bundle declares: a typo, or a bundle not
/// installed. Refused before anything is recorded, naming the kinds that are known.
struct UnknownKinds: Error, CustomStringConvertible {
    let kinds: [String]
    let known: [String]

    var description: String {
        let names = kinds.map { "'\($0)'" }.joined(separator: ", ")
        let list = known.isEmpty ? "none (no bundle is installed)" : known.joined(separator: ", ")
        return "no installed bundle declares \(kinds.count == 1 ? "kind" : "kinds") \(names); known kinds: \(list)"
    }

    /// Checks `kinds` against the catalog the last `run` or `refresh` recorded and, for any it
    /// does not name (or when there is no catalog yet), against the bundle folders themselves,
    /// so a bundle installed since the last run is known too.
    static func check(_ kinds: [String], location: StoreLocation) throws(UnknownKinds) {
        var known = recordedKinds(location)
        guard kinds.contains(where: { !known.contains($0) }) else { return }
        known.formUnion(installedKinds(location))
        let unknown = kinds.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw UnknownKinds(kinds: unknown, known: known.sorted()) }
    }

    private static func recordedKinds(_ location: StoreLocation) -> Set<String> {
        guard let catalog = try? SharedStore.shared(at: location).catalog(), catalog.recordedAt != nil else { return [] }
        return Set(catalog.kinds.keys)
    }

    /// The kinds in the default folders and WIDGETHOST_PATH, read as `list` reads them: each
    /// bundle in a worker (through the bundle cache), so no bundle code runs in this process.
    private static func installedKinds(_ location: StoreLocation) -> Set<String> {
        LogSetup.bootstrap(verbose: false)
        let host = BundleHost(HostConfiguration(
            searchPath: .standard(commandLine: []), storeLocation: location, isolation: .worker(WorkerSettings())))
        return Set(host.bundles.catalog.widgets.map(\.kind))
    }
}
