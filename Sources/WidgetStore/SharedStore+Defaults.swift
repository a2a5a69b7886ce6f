import Foundation
import GRDB
import WidgetStoreModel

/// One key of a group, as `defaults list` shows it.
public struct StoredEntry: Sendable, Hashable {
    public let key: String
    public let value: StoredValue
    public let updatedAt: Date
}

extension SharedStore {
    public func value(forKey key: String, in group: AppGroupID) throws(DefaultsError) -> StoredValue? {
        try DefaultsLimits.check(key: key, group: group.rawValue)
        let row = try defaultsRead { db in
            try Row.fetchOne(db, sql: "SELECT type, value FROM defaults WHERE group_id = ? AND key = ?",
                             arguments: [group.rawValue, key])
        }
        guard let row else { return nil }
        return try decode(row, key: key, group: group)
    }

    public func setValue(_ value: StoredValue, forKey key: String, in group: AppGroupID) throws(DefaultsError) {
        try setValues([key: value], in: group)
    }

    /// Writes several keys in one transaction: all of them land, or none. A nil value removes
    /// its key.
    public func setValues(_ values: [String: StoredValue?], in group: AppGroupID) throws(DefaultsError) {
        var rows: [(key: String, type: String, value: DatabaseValue?)] = []
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            try DefaultsLimits.check(key: key, group: group.rawValue)
            guard let value else {
                rows.append((key, "", nil))
                continue
            }
            try DefaultsLimits.check(value: value, key: key, group: group.rawValue)
            do {
                rows.append((key, value.type.rawValue, try StoredValueColumns.databaseValue(of: value)))
            } catch {
                throw .unencodable(group: group.rawValue, key: key, type: value.type.rawValue, reason: "\(error)")
            }
        }
        let now = Date().timeIntervalSince1970
        try defaultsWrite { db in
            for row in rows {
                if let value = row.value {
                    try db.execute(
                        sql: """
                            INSERT INTO defaults (group_id, key, type, value, updated_at) VALUES (?, ?, ?, ?, ?)
                            ON CONFLICT (group_id, key) DO UPDATE SET type = excluded.type, value = excluded.value,
                                updated_at = excluded.updated_at
                            """,
                        arguments: [group.rawValue, row.key, row.type, value, now])
                } else {
                    try db.execute(sql: "DELETE FROM defaults WHERE group_id = ? AND key = ?",
                                   arguments: [group.rawValue, row.key])
                }
            }
        }
    }

    /// Removes a key; true when it was there.
    @discardableResult
    public func removeValue(forKey key: String, in group: AppGroupID) throws(DefaultsError) -> Bool {
        try DefaultsLimits.check(key: key, group: group.rawValue)
        return try defaultsWrite { db in
            try db.execute(sql: "DELETE FROM defaults WHERE group_id = ? AND key = ?", arguments: [group.rawValue, key])
            return db.changesCount > 0
        }
    }

    /// Every key of a group, sorted by key.
    public func entries(in group: AppGroupID) throws(DefaultsError) -> [StoredEntry] {
        let rows = try defaultsRead { db in
            try Row.fetchAll(db, sql: "SELECT key, type, value, updated_at FROM defaults WHERE group_id = ? ORDER BY key",
                             arguments: [group.rawValue])
        }
        var entries: [StoredEntry] = []
        for row in rows {
            let key: String = row["key"]
            entries.append(StoredEntry(
                key: key, value: try decode(row, key: key, group: group),
                updatedAt: Date(timeIntervalSince1970: row["updated_at"])))
        }
        return entries
    }

    /// The groups holding at least one key.
    public func groupsWithValues() throws(DefaultsError) -> [String] {
        try defaultsRead { db in try String.fetchAll(db, sql: "SELECT DISTINCT group_id FROM defaults ORDER BY group_id") }
    }

    /// The group's container folder, created on first use (0700, as is `groups/`).
    public func containerURL(for group: AppGroupID) throws(DefaultsError) -> URL {
        let url = location.containerURL(for: group)
        do {
            for folder in [location.directory, location.groupsDirectory, url] {
                try DataFolderPrivacy.createFolder(folder)
            }
        } catch {
            throw DefaultsError(.cannotCreateDirectory(path: error.path, reason: error.reason))
        }
        return url
    }

    private func decode(_ row: Row, key: String, group: AppGroupID) throws(DefaultsError) -> StoredValue {
        let type: String = row["type"]
        guard let value = StoredValueColumns.storedValue(type: type, value: row["value"]) else {
            throw DefaultsError(.databaseError(
                path: location.databaseURL.path,
                reason: "'\(key)' in '\(group)' holds a \(type) this widgethost cannot read"))
        }
        return value
    }

    private func defaultsRead<T>(_ body: (Database) throws -> T) throws(DefaultsError) -> T {
        do throws(StoreError) { return try read(body) } catch { throw DefaultsError(error) }
    }

    private func defaultsWrite<T>(_ body: (Database) throws -> T) throws(DefaultsError) -> T {
        do throws(StoreError) { return try write(body) } catch { throw DefaultsError(error) }
    }
}

extension DefaultsError {
    /// A defaults call that failed in the store itself.
    fileprivate init(_ error: StoreError) {
        self = .storeUnavailable(reason: error.description)
    }
}
