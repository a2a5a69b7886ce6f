import Foundation
import GRDB
import Testing
import TestSupport
import WidgetApp
import WidgetStore
import WidgetStoreModel

/// The store's schema is GRDB migrations: a new store gets them all, and a store written by a
/// newer widgethost is refused rather than misread.
@Suite("Store schema")
struct StoreSchemaTests {
    private static let migrations = [
        "v1-defaults", "v2-reload-requests", "v3-bundle-catalog", "v4-forced-reload-requests", "v5-widget-instances",
        "v6-widget-reload-requests", "v7-home-layout", "v8-home-stacks", "v9-stack-leader-and-layout-revision",
    ]

    /// The migrations recorded in the file, read with plain SQL from outside WidgetStore.
    private static func appliedMigrations(_ location: StoreLocation) throws -> [String] {
        let queue = try DatabaseQueue(path: location.databaseURL.path)
        return try queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") }
    }

    @Test("A new store has every migration, in WAL mode")
    func freshStore() throws {
        let location = TestStore.temporaryLocation()
        _ = try SharedStore.open(location)
        #expect(try Self.appliedMigrations(location) == Self.migrations)
        let queue = try DatabaseQueue(path: location.databaseURL.path)
        #expect(try queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        let tables = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        }
        #expect(tables == [
            "catalog_group", "catalog_info", "catalog_kind", "defaults", "grdb_migrations", "home_layout_revision", "home_placement", "home_stack",
            "home_stack_member", "reload_request", "widget_instance",
        ])
    }

    @Test("Opening again neither re-runs nor adds migrations")
    func reopenIsStable() throws {
        let location = TestStore.temporaryLocation()
        _ = try SharedStore.open(location)
        _ = try SharedStore.open(location)
        #expect(try Self.appliedMigrations(location) == Self.migrations)
    }

    @Test("A store holding a migration this widgethost does not know fails with schemaTooNew")
    func newerSchemaRefused() throws {
        let location = TestStore.temporaryLocation()
        let defaults = SharedDefaults(suiteName: "group.bacon.data", location: location)
        try defaults.set(1, forKey: "before")
        do {
            let queue = try DatabaseQueue(path: location.databaseURL.path)
            try queue.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v4-from-the-future')")
            }
        }
        #expect(throws: StoreError.schemaTooNew(path: location.databaseURL.path)) {
            try SharedStore.open(location)
        }
        // Through the app-side library (a fresh location value, so no store is cached), it is a
        // storeUnavailable naming the problem.
        let fresh = SharedDefaults(suiteName: "group.bacon.data", location: StoreLocation(directory: location.directory, origin: .environment))
        #expect {
            try fresh.integer(forKey: "before")
        } throws: { error in
            guard case .storeUnavailable(let reason) = error as? DefaultsError else { return false }
            return reason.contains("newer widgethost")
        }
    }

    @Test("A store from before per-widget reload requests opens, keeping its pending requests as they were")
    func storeBeforeWidgetRequestsMigrates() throws {
        let location = TestStore.temporaryLocation()
        // The store as a widgethost of v5 left it: no family or instance_id column, v6 not applied,
        // a forced request for a kind and one for every kind pending.
        do {
            try FileManager.default.createDirectory(at: location.directory, withIntermediateDirectories: true)
            let queue = try DatabaseQueue(path: location.databaseURL.path)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                // v1 to v5: what that widgethost had applied.
                for migration in Self.migrations.prefix(5) {
                    try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration])
                }
                try db.execute(sql: """
                    CREATE TABLE reload_request (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT, requested_at REAL NOT NULL, source TEXT NOT NULL,
                        forced INTEGER NOT NULL DEFAULT 0)
                    """)
                try db.execute(sql: "INSERT INTO reload_request (kind, requested_at, source, forced) VALUES ('CounterWidget', 1767225600, 'cli', 1)")
                try db.execute(sql: "INSERT INTO reload_request (kind, requested_at, source, forced) VALUES (NULL, 1767225601, 'app', 0)")
                try db.execute(sql: """
                    CREATE TABLE widget_instance (
                        id TEXT NOT NULL PRIMARY KEY, kind TEXT NOT NULL, family TEXT NOT NULL,
                        configuration TEXT NOT NULL DEFAULT '{}', created_at REAL NOT NULL, updated_at REAL NOT NULL
                    ) WITHOUT ROWID
                    """)
            }
        }
        let store = try SharedStore.open(location)
        #expect(try Self.appliedMigrations(location) == Self.migrations)
        let pending = try store.pendingReloadRequests()
        #expect(pending.map(\.scope) == [.kind("CounterWidget"), .allKinds])
        #expect(pending.map(\.forced) == [true, false])
        // And the migrated store takes a request for one widget.
        let widget = ReloadRequest.Scope.widget(kind: "CounterWidget", family: .systemMedium, instance: WidgetInstanceID(rawValue: "wabc"))
        try store.recordReloadRequests([widget], source: "cli", forced: true)
        #expect(try store.pendingReloadRequests().map(\.scope) == [.kind("CounterWidget"), .allKinds, widget])
    }

    @Test("Values survive closing and reopening the store")
    func valuesPersist() throws {
        let location = TestStore.temporaryLocation()
        let group = try AppGroupID(validating: "group.bacon.data")
        do {
            let store = try SharedStore.open(location)
            try store.setValues(["count": .int(3), "name": .string("pillar"), "blob": .data(Data([1, 2, 3]))], in: group)
        }
        let reopened = try SharedStore.open(location)
        #expect(try reopened.value(forKey: "count", in: group) == .int(3))
        #expect(try reopened.value(forKey: "name", in: group) == .string("pillar"))
        #expect(try reopened.value(forKey: "blob", in: group) == .data(Data([1, 2, 3])))
        #expect(try reopened.entries(in: group).map(\.key) == ["blob", "count", "name"])
        #expect(try reopened.groupsWithValues() == ["group.bacon.data"])
        #expect(try reopened.integrityProblems() == [])
    }
}
