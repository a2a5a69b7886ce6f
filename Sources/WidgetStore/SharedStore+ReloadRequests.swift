import Foundation
import GRDB
import WidgetPayload
import WidgetStoreModel

extension SharedStore {
    /// Records requests, one per scope (a kind, every kind, or one widget), and returns them.
    @discardableResult
    public func recordReloadRequests(
        _ scopes: [ReloadRequest.Scope], source: String, forced: Bool = false
    ) throws(StoreError) -> [ReloadRequest] {
        let now = Date()
        return try write { db in
            try scopes.map { scope in
                try db.execute(
                    sql: "INSERT INTO reload_request (kind, family, instance_id, requested_at, source, forced) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [scope.kind, scope.family?.rawValue, scope.instance?.rawValue, now.timeIntervalSince1970, source, forced])
                return ReloadRequest(id: db.lastInsertedRowID, scope: scope, requestedAt: now, source: source, forced: forced)
            }
        }
    }

    /// The requests no host has honoured yet, oldest first.
    public func pendingReloadRequests() throws(StoreError) -> [ReloadRequest] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, kind, family, instance_id, requested_at, source, forced FROM reload_request ORDER BY id"
            ).map { row in
                ReloadRequest(
                    id: row["id"], scope: ReloadRequest.Scope(kind: row["kind"], family: row["family"], instance: row["instance_id"]),
                    requestedAt: Date(timeIntervalSince1970: row["requested_at"]), source: row["source"],
                    forced: row["forced"])
            }
        }
    }

    /// Forgets the requests up to and including `id`, once a host has acted on them. Requests
    /// recorded meanwhile have larger ids and stay.
    public func acknowledgeReloadRequests(through id: Int64) throws(StoreError) {
        try write { db in try db.execute(sql: "DELETE FROM reload_request WHERE id <= ?", arguments: [id]) }
    }
}
