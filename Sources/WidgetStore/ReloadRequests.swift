import Foundation
import GRDB

/// A request for fresh timelines, made by an app or the CLI, kept in the store until a host has
/// honoured it: a request made while no host runs is not lost.
public struct ReloadRequest: Sendable, Hashable, Codable {
    public enum Scope: Sendable, Hashable {
        case kind(String)
        case allKinds
    }

    public let id: Int64
    public let scope: Scope
    public let requestedAt: Date
    /// Who asked: `cli`, `app`, or an app's own label; `instances` for a wake-up that an
    /// instance was added, changed or removed.
    public let source: String
    /// The source of the requests that only wake a host to take changed instances: the host
    /// syncs its instances and marks no reload (a new instance is due anyway, a changed one is
    /// marked on its own), so other instances of the kind are not reloaded for it.
    public static let instancesChangedSource = "instances"

    public var isInstancesChange: Bool { source == Self.instancesChangedSource }
    /// Forced by the user (`widgethost reload --force`): the host reloads at once, outside the
    /// refresh budget and any backoff.
    public let forced: Bool

    private enum CodingKeys: String, CodingKey { case id, kind, requestedAt, source, forced }

    public init(id: Int64, scope: Scope, requestedAt: Date, source: String, forced: Bool = false) {
        self.id = id
        self.scope = scope
        self.requestedAt = requestedAt
        self.source = source
        self.forced = forced
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        scope = try container.decodeIfPresent(String.self, forKey: .kind).map(Scope.kind) ?? .allKinds
        requestedAt = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .requestedAt))
        source = try container.decode(String.self, forKey: .source)
        forced = try container.decodeIfPresent(Bool.self, forKey: .forced) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        if case .kind(let kind) = scope { try container.encode(kind, forKey: .kind) } else { try container.encodeNil(forKey: .kind) }
        try container.encode(requestedAt.timeIntervalSince1970, forKey: .requestedAt)
        try container.encode(source, forKey: .source)
        try container.encode(forced, forKey: .forced)
    }
}

extension SharedStore {
    /// Records requests, one per kind (or one for all kinds), and returns them.
    @discardableResult
    public func recordReloadRequests(
        _ scopes: [ReloadRequest.Scope], source: String, forced: Bool = false
    ) throws(StoreError) -> [ReloadRequest] {
        let now = Date()
        return try write { db in
            try scopes.map { scope in
                let kind: String? = if case .kind(let kind) = scope { kind } else { nil }
                try db.execute(sql: "INSERT INTO reload_request (kind, requested_at, source, forced) VALUES (?, ?, ?, ?)",
                               arguments: [kind, now.timeIntervalSince1970, source, forced])
                return ReloadRequest(id: db.lastInsertedRowID, scope: scope, requestedAt: now, source: source, forced: forced)
            }
        }
    }

    /// The requests no host has honoured yet, oldest first.
    public func pendingReloadRequests() throws(StoreError) -> [ReloadRequest] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, kind, requested_at, source, forced FROM reload_request ORDER BY id").map { row in
                let kind: String? = row["kind"]
                return ReloadRequest(
                    id: row["id"], scope: kind.map(ReloadRequest.Scope.kind) ?? .allKinds,
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
