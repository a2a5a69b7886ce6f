import Foundation
import GRDB
import WidgetHostCore
import WidgetStoreModel

/// The host's persisted registry (`<data>/registry.sqlite`): the last good timeline and the
/// scheduler's memory of every kind × family, the settings the daemon runs with, and the daemon
/// itself, so a restarted daemon neither refetches everything nor forgets spent budget, and
/// `status` can report without a daemon.
///
/// A file of its own, apart from the shared store, so apps' writes and the host's never wait on
/// each other. Opened like the store: WAL, `synchronous = FULL` (a save that returned survives a
/// killed process or a power cut), a busy timeout, and a migrator that refuses a newer schema.
public final class RegistryDatabase: Sendable {
    public let url: URL
    let pool: DatabasePool

    /// How long a write waits for another process's transaction before failing.
    static let busyTimeout: TimeInterval = 10

    private init(url: URL, pool: DatabasePool) {
        self.url = url
        self.pool = pool
    }

    /// Opens the database, creating its folder (0700) and file (0600) and migrating as needed.
    /// A data folder left open to other users is tightened (`DataFolderPrivacy`).
    public static func open(_ location: StoreLocation) throws(RegistryDatabaseError) -> RegistryDatabase {
        do {
            try DataFolderPrivacy.createFolder(location.directory)
        } catch {
            throw .cannotCreateDirectory(path: location.directory.path, reason: error.reason)
        }
        DataFolderPrivacy.secure(location)
        return try connect(location.registryDatabaseURL)
    }

    /// Opens the database if a daemon ever made it; nil otherwise, and nothing is created. For
    /// commands that only report (`status`, `stack`) and must not leave files behind.
    public static func openIfExists(_ location: StoreLocation) throws(RegistryDatabaseError) -> RegistryDatabase? {
        let url = location.registryDatabaseURL
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        DataFolderPrivacy.secure(location)
        return try connect(url)
    }

    private static func connect(_ url: URL) throws(RegistryDatabaseError) -> RegistryDatabase {
        let path = url.path
        // The daemon and a `status` may open a new file at once; the lock keeps them from running
        // the same migration twice. It is on the folder, which exists by now: no lock file.
        let lock: FileLock
        do {
            lock = try FileLock.acquire(url.deletingLastPathComponent().path, isFolder: true)
        } catch {
            throw .cannotOpen(path: path, reason: error.description)
        }
        defer { lock.release() }
        do {
            // Made 0600 here, not by SQLite (0644), so that its -wal and -shm files are 0600 too.
            try DataFolderPrivacy.createFile(path)
        } catch {
            throw .cannotOpen(path: path, reason: error.reason)
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration())
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
        let migrator = RegistrySchema.migrator
        do {
            if try pool.read(migrator.hasBeenSuperseded) { throw RegistryDatabaseError.schemaTooNew(path: path) }
            try migrator.migrate(pool)
        } catch let error as RegistryDatabaseError {
            throw error
        } catch {
            throw .migrationFailed(path: path, reason: "\(error)")
        }
        return RegistryDatabase(url: url, pool: pool)
    }

    private static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "widgethost.registry"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return configuration
    }

    // MARK: Records

    /// Inserts or replaces the row of each record's kind and family, in one transaction: a
    /// killed process leaves the rows all old or all new. Rows of other keys are kept.
    public func save(_ records: [TimelineRecord]) throws(RegistryDatabaseError) {
        try write { db in
            let statement = try db.cachedStatement(sql: PersistedRecord.upsertSQL)
            for record in records {
                let arguments: StatementArguments
                do {
                    arguments = try PersistedRecord.arguments(for: record)
                } catch {
                    throw RegistryDatabaseError.writeFailed(path: url.path, reason: "cannot encode \(record.key): \(error)")
                }
                try statement.execute(arguments: arguments)
            }
        }
    }

    /// Deletes the rows of `keys` (instances a user removed).
    public func forget(_ keys: [TimelineKey]) throws(RegistryDatabaseError) {
        guard !keys.isEmpty else { return }
        try write { db in
            for key in keys {
                try db.execute(
                    sql: "DELETE FROM timeline_record WHERE kind = ? AND family = ? AND instance = ?",
                    arguments: [key.kind, key.family.rawValue, key.instance?.rawValue ?? ""])
            }
        }
    }

    /// Every saved row, by kind and then family. An unreadable column is left out of its record
    /// and reported as a problem; only a database that cannot be read at all throws.
    public func restore() throws(RegistryDatabaseError) -> RestoredRegistry {
        let rows = try read { db in try Row.fetchAll(db, sql: "SELECT * FROM timeline_record") }
        let restored = rows.compactMap(PersistedRecord.record(from:)).sorted { $0.record.key < $1.record.key }
        return RestoredRegistry(records: restored.map(\.record), problems: restored.flatMap(\.problems))
    }

    // MARK: Settings

    public func saveSettings(_ settings: SchedulerSettings) throws(RegistryDatabaseError) {
        let json: String
        do {
            json = try PersistedRecord.json(settings)
        } catch {
            throw .writeFailed(path: url.path, reason: "cannot encode the scheduler settings: \(error)")
        }
        try write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO scheduler_settings (id, settings) VALUES (1, ?)", arguments: [json])
        }
    }

    /// The settings last saved; nil if none were.
    public func settings() throws(RegistryDatabaseError) -> SchedulerSettings? {
        let saved = try read { db in try String.fetchOne(db, sql: "SELECT settings FROM scheduler_settings WHERE id = 1") }
        guard let saved else { return nil }
        let settings: SchedulerSettings
        do {
            settings = try JSONDecoder().decode(SchedulerSettings.self, from: Data(saved.utf8))
        } catch {
            throw .readFailed(path: url.path, reason: "the saved scheduler settings are not valid JSON for them")
        }
        // Decoding does not run the initialiser's checks; values that would trap are refused here.
        guard settings.budgetLimit > 0, settings.minimumInterval >= 1,
              settings.backoff.initial > 0, settings.backoff.maximum >= settings.backoff.initial
        else { throw .readFailed(path: url.path, reason: "the saved scheduler settings are out of range") }
        return settings
    }

    // MARK: Daemon

    /// Records the daemon that now owns the registry, replacing any earlier one.
    public func recordDaemonStart(pid: Int32, at date: Date) throws(RegistryDatabaseError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO daemon (id, pid, started_at) VALUES (1, ?, ?)",
                arguments: [pid, date.timeIntervalSince1970])
        }
    }

    /// Forgets the daemon, on a clean stop. A killed one stays recorded; its pid tells.
    public func recordDaemonStop() throws(RegistryDatabaseError) {
        try write { db in try db.execute(sql: "DELETE FROM daemon") }
    }

    /// The daemon last recorded as started and not stopped; it may have been killed since.
    public func daemon() throws(RegistryDatabaseError) -> DaemonRecord? {
        let row = try read { db in try Row.fetchOne(db, sql: "SELECT pid, started_at FROM daemon WHERE id = 1") }
        guard let row else { return nil }
        guard let pid = Int32.fromDatabaseValue(row["pid"]), let seconds = Double.fromDatabaseValue(row["started_at"]),
              seconds.isFinite
        else { throw .readFailed(path: url.path, reason: "the daemon row is damaged") }
        return DaemonRecord(pid: pid, startedAt: Date(timeIntervalSince1970: seconds))
    }

    // MARK: Access

    private func read<T>(_ body: (Database) throws -> T) throws(RegistryDatabaseError) -> T {
        do {
            return try pool.read(body)
        } catch {
            throw .readFailed(path: url.path, reason: "\(error)")
        }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(RegistryDatabaseError) -> T {
        do {
            return try pool.write(body)
        } catch let error as RegistryDatabaseError {
            throw error
        } catch {
            throw .writeFailed(path: url.path, reason: "\(error)")
        }
    }
}

/// The daemon the registry database last recorded as running.
public struct DaemonRecord: Sendable, Hashable {
    public let pid: Int32
    public let startedAt: Date

    public init(pid: Int32, startedAt: Date) {
        self.pid = pid
        self.startedAt = startedAt
    }
}
