/// Every bundle on a search path, loaded, with a report per file and the catalog of kinds.
public struct BundleSet: Sendable {
    public let reports: [BundleReport]
    public let catalog: KindCatalog

    /// Discovers every bundle and loads each under `isolation`. One bad file never stops the
    /// others; a folder that cannot be searched is reported as one more failed entry.
    public static func load(
        _ searchPath: BundleSearchPath, isolation: any BundleIsolation, environment: BundleEnvironment
    ) -> BundleSet {
        let (files, problems) = BundleDiscovery.discover(on: searchPath)
        return BundleSet(checking: problems.map(report(for:)) + isolation.load(files, in: environment))
    }

    private static func report(for problem: DiscoveryProblem) -> BundleReport {
        BundleReport(path: problem.location.directory, origin: problem.location.origin, status: .failed, bundle: nil, issues: [.discovery(problem)])
    }

    /// The catalog of the loaded bundles; a kind declared twice is reported on both files.
    private init(checking reports: [BundleReport]) {
        var reports = reports
        let catalog = KindCatalog(bundles: reports.compactMap(\.bundle))
        for duplicate in catalog.duplicates {
            for index in reports.indices where duplicate.paths.contains(reports[index].path) {
                reports[index].issues.append(.duplicateKind(duplicate))
            }
        }
        self.reports = reports
        self.catalog = catalog
    }

    /// Every transport that serves the catalog's widgets, once each (a worker per bundle, or
    /// the in-process providers).
    package var transports: [any ProviderTransport] {
        var seen = Set<ObjectIdentifier>()
        return catalog.widgets.compactMap { widget in
            seen.insert(ObjectIdentifier(widget.provider)).inserted ? widget.provider : nil
        }
    }
}
