/// Every bundle on a search path, loaded, with a report per file and the catalog of kinds.
public struct BundleSet: Sendable {
    public let reports: [BundleReport]
    public let catalog: KindCatalog

    /// Discovers and loads every bundle in this process. One bad file never stops the others.
    public static func load(
        _ searchPath: BundleSearchPath, delegate: any BundleServicesDelegate, abiVersion: ABIVersion = .host
    ) -> BundleSet {
        let (files, problems) = BundleDiscovery.discover(on: searchPath)
        let loader = BundleLoader(delegate: delegate, abiVersion: abiVersion)
        var reports = problems.map(report(for:))
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
        return BundleSet(checking: reports)
    }

    /// Discovers every bundle and scans each in a worker process of its own.
    static func scan(_ searchPath: BundleSearchPath, with scan: WorkerScan) -> BundleSet {
        let (files, problems) = BundleDiscovery.discover(on: searchPath)
        return BundleSet(checking: problems.map(report(for:)) + scan.scan(files))
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

    /// Every bundle's worker, once each (none in process).
    public var workers: [BundleWorker] {
        var seen = Set<BundleWorker>()
        return catalog.widgets.compactMap { widget in
            guard case .worker(let worker) = widget.provider, seen.insert(worker).inserted else { return nil }
            return worker
        }
    }
}
