import Foundation
import GRDB
import WidgetPayload

/// What a host loaded, as recorded in the store: which bundle declares which App Groups and
/// kinds. Apps and the CLI read it to be loud about a group or kind that no bundle declares.
public struct BundleCatalog: Sendable, Hashable {
    public struct Declaration: Sendable, Hashable {
        public let bundleName: String
        public let bundlePath: String

        public init(bundleName: String, bundlePath: String) {
            self.bundleName = bundleName
            self.bundlePath = bundlePath
        }
    }

    /// The bundles declaring each group.
    public var groups: [String: [Declaration]]
    /// The bundle serving each kind.
    public var kinds: [String: Declaration]
    /// When a host recorded it; nil when no host ever has.
    public var recordedAt: Date?

    public init(groups: [String: [Declaration]] = [:], kinds: [String: Declaration] = [:], recordedAt: Date? = nil) {
        self.groups = groups
        self.kinds = kinds
        self.recordedAt = recordedAt
    }

    /// Declared groups that look like a mistyping of `name`: same name ignoring case, or one edit away.
    public func groupsResembling(_ name: String) -> [String] {
        Self.names(groups.keys, resembling: name)
    }

    /// Those of `names` that look like a mistyping of `name`, by the same rule.
    public static func names(_ names: some Sequence<String>, resembling name: String) -> [String] {
        names.filter { $0 != name && NameDistance.isNear($0, name) }.sorted()
    }
}

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
