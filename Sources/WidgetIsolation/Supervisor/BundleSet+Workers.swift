import WidgetHostCore

extension BundleSet {
    /// Every bundle's worker, once each (none for bundles loaded in process).
    public var workers: [BundleWorker] {
        transports.compactMap { $0 as? BundleWorker }
    }
}
