import GRDB
import WidgetHostCore

/// The registry database's schema, as migrations. Append new ones; never edit one that has shipped.
///
/// Dates are REAL seconds since 1970 (as on the wire), so `sqlite3 registry.sqlite` reads them
/// with `datetime(x, 'unixepoch')`. JSON columns are TEXT.
enum RegistrySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("v1-registry") { db in
            // One row per kind × family. The timeline is the provider's reply as the wire JSON,
            // read back through the same decoder as a fresh reply. An error is kept as its code
            // and description: the live cause (a call, a completion) does not outlive the host.
            try db.execute(sql: """
                CREATE TABLE timeline_record (
                    kind TEXT NOT NULL,
                    family TEXT NOT NULL,
                    bundle_name TEXT NOT NULL,
                    bundle_path TEXT NOT NULL,
                    timeline TEXT,
                    fetched_at REAL,
                    call_duration REAL,
                    last_error_code TEXT,
                    last_error_description TEXT,
                    last_error_at REAL,
                    last_completion_violation_code TEXT,
                    last_completion_violation_description TEXT,
                    last_completion_violation_at REAL,
                    reload_requested_at REAL,
                    reload_forced INTEGER NOT NULL DEFAULT 0,
                    consecutive_failures INTEGER NOT NULL DEFAULT 0,
                    budget_limit INTEGER NOT NULL,
                    budget_spent TEXT NOT NULL DEFAULT '[]',
                    last_call TEXT,
                    PRIMARY KEY (kind, family)
                ) WITHOUT ROWID
                """)
            // The settings the daemon runs with, as SchedulerSettings' JSON: one row.
            try db.execute(sql: """
                CREATE TABLE scheduler_settings (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    settings TEXT NOT NULL
                )
                """)
            // The running daemon, if any: one row, deleted on a clean stop.
            try db.execute(sql: """
                CREATE TABLE daemon (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    pid INTEGER NOT NULL,
                    started_at REAL NOT NULL
                )
                """)
        }
        return migrator
    }
}
