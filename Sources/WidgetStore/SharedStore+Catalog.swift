import Foundation
import GRDB
import WidgetStoreModel

extension SharedStore {
    /// Replaces the catalog with what a host has just loaded.
    public func recordCatalog(_ catalog: BundleCatalog) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM catalog_group")
            try db.execute(sql: "DELETE FROM catalog_kind")
            for (group, declarations) in catalog.groups {
                for declaration in declarations {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO catalog_group (group_id, bundle_name, bundle_path) VALUES (?, ?, ?)",
                        arguments: [group, declaration.bundleName, declaration.bundlePath])
                }
            }
            for (kind, declaration) in catalog.kinds {
                try db.execute(sql: "INSERT OR REPLACE INTO catalog_kind (kind, bundle_name, bundle_path) VALUES (?, ?, ?)",
                               arguments: [kind, declaration.bundleName, declaration.bundlePath])
            }
            try db.execute(sql: "INSERT OR REPLACE INTO catalog_info (id, recorded_at) VALUES (1, ?)",
                           arguments: [(catalog.recordedAt ?? Date()).timeIntervalSince1970])
        }
    }

    public func catalog() throws(StoreError) -> BundleCatalog {
        try read { db in
            var catalog = BundleCatalog()
            for row in try Row.fetchAll(db, sql: "SELECT group_id, bundle_name, bundle_path FROM catalog_group ORDER BY bundle_path") {
                catalog.groups[row["group_id"], default: []].append(.init(bundleName: row["bundle_name"], bundlePath: row["bundle_path"]))
            }
            for row in try Row.fetchAll(db, sql: "SELECT kind, bundle_name, bundle_path FROM catalog_kind") {
                catalog.kinds[row["kind"]] = .init(bundleName: row["bundle_name"], bundlePath: row["bundle_path"])
            }
            catalog.recordedAt = try Double.fetchOne(db, sql: "SELECT recorded_at FROM catalog_info WHERE id = 1")
                .map(Date.init(timeIntervalSince1970:))
            return catalog
        }
    }
}
