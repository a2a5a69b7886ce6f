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
        migrator.registerMigration("v2-instances") { db in
            // The instance becomes part of the key ('' for a kind's implicit instance in a family,
            // which every row written before is), and its configuration is kept beside its
            // timeline, so a timeline is never restored for a configuration since changed.
            // SQLite cannot change a primary key: the table is rebuilt, every row kept.
            try db.execute(sql: "ALTER TABLE timeline_record RENAME TO timeline_record_v1")
            try db.execute(sql: """
                CREATE TABLE timeline_record (
                    kind TEXT NOT NULL,
                    family TEXT NOT NULL,
                    instance TEXT NOT NULL DEFAULT '',
                    configuration TEXT,
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
                    PRIMARY KEY (kind, family, instance)
                ) WITHOUT ROWID
                """)
            try db.execute(sql: """
                INSERT INTO timeline_record (
                    kind, family, bundle_name, bundle_path, timeline, fetched_at, call_duration,
                    last_error_code, last_error_description, last_error_at,
                    last_completion_violation_code, last_completion_violation_description, last_completion_violation_at,
                    reload_requested_at, reload_forced, consecutive_failures, budget_limit, budget_spent, last_call)
                SELECT
                    kind, family, bundle_name, bundle_path, timeline, fetched_at, call_duration,
                    last_error_code, last_error_description, last_error_at,
                    last_completion_violation_code, last_completion_violation_description, last_completion_violation_at,
                    reload_requested_at, reload_forced, consecutive_failures, budget_limit, budget_spent, last_call
                FROM timeline_record_v1
                """)
            try db.execute(sql: "DROP TABLE timeline_record_v1")
        }
        return migrator
    }
}
