import GRDB

/// The store's schema, as migrations. Append new ones; never edit one that has shipped.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("v1-defaults") { db in
            // `value`'s storage class depends on `type` (see StoredValueColumns); BLOB affinity
            // keeps SQLite from converting it, so the string "42" stays a string.
            try db.execute(sql: """
                CREATE TABLE defaults (
                    group_id TEXT NOT NULL,
                    key TEXT NOT NULL,
                    type TEXT NOT NULL CHECK (type IN ('bool', 'int', 'double', 'string', 'data', 'date', 'json')),
                    value BLOB NOT NULL,
                    updated_at REAL NOT NULL,
                    PRIMARY KEY (group_id, key)
                ) WITHOUT ROWID
                """)
        }

        migrator.registerMigration("v2-reload-requests") { db in
            // A NULL kind asks for every kind. Rows stay until a host has honoured them.
            try db.execute(sql: """
                CREATE TABLE reload_request (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT,
                    requested_at REAL NOT NULL,
                    source TEXT NOT NULL
                )
                """)
        }

        migrator.registerMigration("v3-bundle-catalog") { db in
            // What the last `widgethost run` loaded, so that apps and the CLI can warn about a
            // group or kind no bundle declares.
            try db.execute(sql: """
                CREATE TABLE catalog_group (
                    group_id TEXT NOT NULL,
                    bundle_name TEXT NOT NULL,
                    bundle_path TEXT NOT NULL,
                    PRIMARY KEY (group_id, bundle_path)
                ) WITHOUT ROWID
                """)
            try db.execute(sql: """
                CREATE TABLE catalog_kind (
                    kind TEXT NOT NULL PRIMARY KEY,
                    bundle_name TEXT NOT NULL,
                    bundle_path TEXT NOT NULL
                ) WITHOUT ROWID
                """)
            try db.execute(sql: "CREATE TABLE catalog_info (id INTEGER PRIMARY KEY CHECK (id = 1), recorded_at REAL NOT NULL)")
        }

        migrator.registerMigration("v4-forced-reload-requests") { db in
            // `widgethost reload --force`: the host reloads outside the refresh budget.
            try db.execute(sql: "ALTER TABLE reload_request ADD COLUMN forced INTEGER NOT NULL DEFAULT 0")
        }

        migrator.registerMigration("v5-widget-instances") { db in
            // The widgets a user added (`widgethost instances add`, the gallery): a kind, a family
            // and a configuration (a JSON object, name to value), under an id never reused.
            try db.execute(sql: """
                CREATE TABLE widget_instance (
                    id TEXT NOT NULL PRIMARY KEY,
                    kind TEXT NOT NULL,
                    family TEXT NOT NULL,
                    configuration TEXT NOT NULL DEFAULT '{}',
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                ) WITHOUT ROWID
                """)
        }

        migrator.registerMigration("v6-widget-reload-requests") { db in
            // A request for one widget (what follows a perform): the kind in `family`, or the
            // user-added instance `instance_id`. Both NULL: every widget of the kind, as before.
            try db.execute(sql: "ALTER TABLE reload_request ADD COLUMN family TEXT")
            try db.execute(sql: "ALTER TABLE reload_request ADD COLUMN instance_id TEXT")
        }

        migrator.registerMigration("v7-home-layout") { db in
            // Where a user put an instance on the home screen (`widgethost home place`, the
            // gallery's Home screen): a page and the top-left cell of its slot, on one output or
            // ('') on every output. An instance with no row goes to the first free slot; removing
            // the instance removes its row.
            try db.execute(sql: """
                CREATE TABLE home_placement (
                    instance_id TEXT NOT NULL PRIMARY KEY REFERENCES widget_instance(id) ON DELETE CASCADE,
                    output TEXT NOT NULL DEFAULT '',
                    page INTEGER NOT NULL CHECK (page >= 0),
                    column_index INTEGER NOT NULL CHECK (column_index >= 0),
                    row_index INTEGER NOT NULL CHECK (row_index >= 0),
                    placed_at REAL NOT NULL
                ) WITHOUT ROWID
                """)
        }

        migrator.registerMigration("v8-home-stacks") { db in
            // Smart Stacks: one home screen slot holding several instances of one family. A stack's
            // place is its top member's `home_placement` row (members below the top have none).
            // Removing an instance removes its membership; a stack left with fewer than two members
            // is dissolved by the store in the same transaction (SharedStore+Stacks.swift).
            try db.execute(sql: """
                CREATE TABLE home_stack (
                    id TEXT NOT NULL PRIMARY KEY,
                    shown_instance_id TEXT REFERENCES widget_instance(id) ON DELETE SET NULL,
                    smart_rotate INTEGER NOT NULL DEFAULT 1,
                    created_at REAL NOT NULL
                ) WITHOUT ROWID
                """)
            // An instance is in one stack at most (its id is the key); position 0 is the top.
            try db.execute(sql: """
                CREATE TABLE home_stack_member (
                    instance_id TEXT NOT NULL PRIMARY KEY REFERENCES widget_instance(id) ON DELETE CASCADE,
                    stack_id TEXT NOT NULL REFERENCES home_stack(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL
                ) WITHOUT ROWID
                """)
            try db.execute(sql: "CREATE INDEX home_stack_member_by_stack ON home_stack_member (stack_id, position)")
        }

        migrator.registerMigration("v9-stack-leader-and-layout-revision") { db in
            // The member Smart Rotate last brought forward: a stack moves again only when
            // relevance names another (SmartRotate, in WidgetHostCore). Cleared by the store when
            // that member leaves the stack.
            try db.execute(sql: "ALTER TABLE home_stack ADD COLUMN leader_instance_id TEXT")
            // A number that grows with every change to what a home screen arranges (instances
            // added or removed, placements, stack memberships), whoever writes it, so that a move
            // made on a stale layout is refused rather than undoing another screen's
            // (`placeAll(_:output:ifRevision:)`). Triggers, so that no writer can forget it.
            // Swipes and Smart Rotate (`home_stack`) move nothing and do not count.
            try db.execute(sql: "CREATE TABLE home_layout_revision (value INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO home_layout_revision (value) VALUES (0)")
            for (table, events) in [("widget_instance", ["INSERT", "DELETE"]),
                                    ("home_placement", ["INSERT", "UPDATE", "DELETE"]),
                                    ("home_stack_member", ["INSERT", "UPDATE", "DELETE"])] {
                for event in events {
                    try db.execute(sql: """
                        CREATE TRIGGER \(table)_\(event.lowercased())_revision AFTER \(event) ON \(table)
                        BEGIN UPDATE home_layout_revision SET value = value + 1; END
                        """)
                }
            }
        }
        return migrator
    }
}
