/// Every bundle on a search path, loaded, with a report per file and the catalog of kinds.
public struct BundleSet: Sendable {
    public let reports: [BundleReport]
    public let catalog: KindCatalog

    /// Discovers and loads every bundle. One bad file never stops the others.
    public static func load(_ searchPath: BundleSearchPath, delegate: any BundleServicesDelegate) -> BundleSet {
        let (files, problems) = BundleDiscovery.discover(on: searchPath)
        let loader = BundleLoader(delegate: delegate)
        var reports = problems.map {
            BundleReport(path: $0.location.directory, origin: $0.location.origin, status: .failed, bundle: nil, issues: [.discovery($0)])
        }
        for file in files {
            switch loader.load(file.path) {
            case .success(let bundle):
                reports.append(BundleReport(path: file.path, origin: file.location.origin, status: .loaded, bundle: bundle, issues: []))
            case .failure(.missingEntrySymbol) where !file.location.isNamedByUser:
                reports.append(BundleReport(path: file.path, origin: file.location.origin, status: .skipped, bundle: nil, issues: []))
            case .failure(let error):
                reports.append(BundleReport(path: file.path, origin: file.location.origin, status: .failed, bundle: nil, issues: [.load(error)]))
            }
        }
        let catalog = KindCatalog(bundles: reports.compactMap(\.bundle))
        for duplicate in catalog.duplicates {
            for index in reports.indices where duplicate.paths.contains(reports[index].path) {
                reports[index].issues.append(.duplicateKind(duplicate))
            }
        }
        return BundleSet(reports: reports, catalog: catalog)
    }
}
