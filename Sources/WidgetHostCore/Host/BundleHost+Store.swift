import Foundation
import WidgetStoreModel

extension BundleHost {
    /// Records which loaded bundle declares which group and kind, so apps and the CLI can warn
    /// about a group or kind no bundle declares.
    public func recordCatalog() throws(StoreError) {
        var catalog = BundleCatalog(recordedAt: Date())
        for report in bundles.reports {
            guard let bundle = report.bundle else { continue }
            let declaration = BundleCatalog.Declaration(bundleName: bundle.name, bundlePath: bundle.path)
            for group in bundle.appGroups { catalog.groups[group.rawValue, default: []].append(declaration) }
        }
        for widget in bundles.catalog.widgets {
            catalog.kinds[widget.kind] = BundleCatalog.Declaration(bundleName: widget.bundleName, bundlePath: widget.bundlePath)
        }
        try store.recordCatalog(catalog)
    }
}
