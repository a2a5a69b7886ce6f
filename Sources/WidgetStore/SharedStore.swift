import Foundation
import GRDB
import WidgetStoreModel

/// The shared store: App Groups' defaults, pending reload requests and the bundle catalog, in one
/// SQLite file that the host, its workers, apps and the CLI open at the same time.
///
/// Safe across processes: WAL mode, every write an IMMEDIATE transaction that waits for other
/// writers (busy timeout) instead of failing, and `synchronous = FULL`, so a write that returned
/// survives a killed process and a power cut alike.
public final class SharedStore: Sendable {
    public let location: StoreLocation
    let pool: DatabasePool

    /// How long a write waits for another process's transaction before failing.
    static let busyTimeout: TimeInterval = 10

    private init(location: StoreLocation, pool: DatabasePool) {
        self.location = location
        self.pool = pool
    }

    /// Opens the store, creating its folder (0700) and file (0600) and migrating the schema as
    /// needed. A folder left open to other users is tightened (`DataFolderPrivacy`).
    public static func open(_ location: StoreLocation) throws(StoreError) -> SharedStore {
        do {
            try DataFolderPrivacy.createFolder(location.directory)
        } catch {
            throw .cannotCreateDirectory(path: location.directory.path, reason: error.reason)
        }
        DataFolderPrivacy.secure(location)
        // Several processes may open a new store at once; the lock keeps them from running the
        // same migration twice (GRDB's advice for shared databases).
        let lock: FileLock
        do {
            lock = try FileLock.acquire(location.lockURL.path)
        } catch {
            throw .cannotOpen(path: location.lockURL.path, reason: error.description)
        }
        defer { lock.release() }

        let path = location.databaseURL.path
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
        let migrator = StoreSchema.migrator
        do {
            if try pool.read(migrator.hasBeenSuperseded) { throw StoreError.schemaTooNew(path: path) }
            try migrator.migrate(pool)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .migrationFailed(path: path, reason: "\(error)")
        }
        return SharedStore(location: location, pool: pool)
    }

    private static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "widgethost.store"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return configuration
    }

    /// SQLite's own consistency check: empty when the file is sound.
    public func integrityProblems() throws(StoreError) -> [String] {
        let rows = try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        return rows == ["ok"] ? [] : rows
    }

    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.read(body)
        } catch {
            throw .databaseError(path: location.databaseURL.path, reason: "\(error)")
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.write(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .databaseError(path: location.databaseURL.path, reason: "\(error)")
        }
    }
}
