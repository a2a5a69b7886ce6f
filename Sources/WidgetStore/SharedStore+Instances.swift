import Foundation
import GRDB
import WidgetPayload
import WidgetStoreModel

/// The widgets users added, kept where the host, its CLI and apps all read them. Each change also
/// records a request from `ReloadRequest.instancesChangedSource` and wakes a running host
/// (`HostWakeup`), which takes the change and calls the provider of that instance only, and every
/// home screen (`HomeLayoutWakeup`). Removing an instance removes its home screen placement and
/// its Smart Stack membership (its stack dissolves when one member is left).
extension SharedStore {
    /// Every instance, oldest first.
    public func instances() throws(StoreError) -> [WidgetInstance] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM widget_instance ORDER BY created_at, id").map(Self.instance(from:)) }
    }

    public func instance(_ id: WidgetInstanceID) throws(StoreError) -> WidgetInstance? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM widget_instance WHERE id = ?", arguments: [id.rawValue]).map(Self.instance(from:))
        }
    }

    /// Adds an instance under a fresh id and returns it.
    public func addInstance(
        kind: String, family: WidgetFamily, configuration: [String: JSONValue]
    ) throws(StoreError) -> WidgetInstance {
        // As it reads back: seconds since 1970 in a REAL.
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970)
        let configurationText = try text(of: configuration)
        let instance = try write { db -> WidgetInstance in
            var id = WidgetInstanceID.random()
            while try Bool.fetchOne(db, sql: "SELECT 1 FROM widget_instance WHERE id = ?", arguments: [id.rawValue]) == true {
                id = WidgetInstanceID.random()
            }
            try db.execute(
                sql: "INSERT INTO widget_instance (id, kind, family, configuration, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [id.rawValue, kind, family.rawValue, configurationText, now.timeIntervalSince1970, now.timeIntervalSince1970])
            return WidgetInstance(id: id, kind: kind, family: family, configuration: configuration, createdAt: now, updatedAt: now)
        }
        try recordInstancesChange(kind: kind)
        return instance
    }

    /// Replaces an instance's configuration; nil when there is no such instance.
    @discardableResult
    public func setConfiguration(
        _ configuration: [String: JSONValue], of id: WidgetInstanceID
    ) throws(StoreError) -> WidgetInstance? {
        let now = Date()
        let configurationText = try text(of: configuration)
        let changed = try write { db -> WidgetInstance? in
            try db.execute(
                sql: "UPDATE widget_instance SET configuration = ?, updated_at = ? WHERE id = ?",
                arguments: [configurationText, now.timeIntervalSince1970, id.rawValue])
            guard db.changesCount > 0 else { return nil }
            return try Row.fetchOne(db, sql: "SELECT * FROM widget_instance WHERE id = ?", arguments: [id.rawValue]).map(Self.instance(from:))
        }
        if let changed { try recordInstancesChange(kind: changed.kind) }
        return changed
    }

    /// Removes an instance; the one removed, nil when there was none.
    @discardableResult
    public func removeInstance(_ id: WidgetInstanceID) throws(StoreError) -> WidgetInstance? {
        let removed = try write { db -> WidgetInstance? in
            let row = try Row.fetchOne(db, sql: "SELECT * FROM widget_instance WHERE id = ?", arguments: [id.rawValue]).map(Self.instance(from:))
            // Out of its stack first, so that a top member hands the stack's place on before the
            // cascade deletes its row; then the stack is dissolved if one member is left.
            try Self.leaveStack(id, db)
            try db.execute(sql: "DELETE FROM widget_instance WHERE id = ?", arguments: [id.rawValue])
            try Self.settleStacks(db)
            return row
        }
        if let removed { try recordInstancesChange(kind: removed.kind) }
        return removed
    }

    /// Leaves word for the host (running or next to start) that instances of `kind` changed.
    private func recordInstancesChange(kind: String) throws(StoreError) {
        try recordReloadRequests([.kind(kind)], source: ReloadRequest.instancesChangedSource)
        HostWakeup.notify(location)
        HomeLayoutWakeup.notify(location)
    }

    private static func instance(from row: Row) throws -> WidgetInstance {
        let text: String = row["configuration"]
        let family: String = row["family"]
        guard let parsed = WidgetFamily(rawValue: family) else {
            throw CorruptInstanceRow(reason: "unknown family '\(family)'")
        }
        guard case .object(let configuration) = try JSONReader().read(Array(text.utf8)) else {
            throw CorruptInstanceRow(reason: "a configuration that is not a JSON object")
        }
        return WidgetInstance(
            id: WidgetInstanceID(rawValue: row["id"]), kind: row["kind"], family: parsed, configuration: configuration,
            createdAt: Date(timeIntervalSince1970: row["created_at"]), updatedAt: Date(timeIntervalSince1970: row["updated_at"]))
    }

    private func text(of configuration: [String: JSONValue]) throws(StoreError) -> String {
        do {
            return String(decoding: try JSONWriter.bytes(of: .object(configuration)), as: UTF8.self)
        } catch {
            throw .databaseError(path: location.databaseURL.path, reason: "a configuration cannot be stored: \(error)")
        }
    }
}

/// A `widget_instance` row this version cannot read (edited by hand, or by a newer widgethost).
private struct CorruptInstanceRow: Error, CustomStringConvertible {
    let reason: String
    var description: String { "widget_instance holds \(reason)" }
}
