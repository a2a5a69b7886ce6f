#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport
import WidgetDaemon
@testable import WidgetIsolation
@testable import WidgetStore
@testable import WidgetStoreModel

/// The data folder holds every widget's shared data: 0700, and every file in it 0600, whatever
/// the umask (these tests run under the usual 022, which would give 0755 and 0644). Modes are
/// read back and compared exactly, so a umask-made mode fails them.
@Suite("Data folder permissions")
struct DataFolderPermissionTests {
    /// The permission bits of `url` itself (a symbolic link is not followed); nil when missing.
    private static func mode(_ url: URL) -> mode_t? {
        var status = stat()
        return lstat(url.path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    private static func expectMode(
        _ url: URL, _ expected: mode_t, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let found = try #require(mode(url), "\(url.path) is missing", sourceLocation: sourceLocation)
        #expect(found == expected, "\(url.path) is \(String(found, radix: 8)), not \(String(expected, radix: 8))",
                sourceLocation: sourceLocation)
    }

    private static func file(_ location: StoreLocation, _ name: String) -> URL {
        location.directory.appendingPathComponent(name)
    }

    /// Creates `url` (a folder or a file) with exactly `mode`, as an older widgethost left it.
    private static func make(_ url: URL, folder: Bool, mode: mode_t) throws {
        if folder {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } else if !FileManager.default.fileExists(atPath: url.path) {
            try Data("{}".utf8).write(to: url)
        }
        #expect(chmod(url.path, mode) == 0)
    }

    // MARK: Fresh folders

    @Test("Opening a new store makes the folder 0700 and store.sqlite, its -wal and -shm and store.lock 0600")
    func freshStore() throws {
        let location = TestStore.temporaryLocation()
        let store = try SharedStore.open(location)
        // A write, so that SQLite has made its -wal and -shm files.
        try store.setValue(.int(1), forKey: "count", in: AppGroupID(validating: "group.bacon.data"))
        try Self.expectMode(location.directory, 0o700)
        for name in ["store.sqlite", "store.sqlite-wal", "store.sqlite-shm", "store.lock"] {
            try Self.expectMode(Self.file(location, name), 0o600)
        }
    }

    @Test("Opening a new registry makes registry.sqlite, its -wal and -shm 0600; daemon.lock is 0600")
    func freshRegistry() throws {
        let location = TestStore.temporaryLocation()
        let database = try RegistryDatabase.open(location)
        try database.recordDaemonStart(pid: getpid(), at: Date())
        let lock = try FileLock.acquire(location.daemonLockURL.path, wait: false)
        defer { lock.release() }
        try Self.expectMode(location.directory, 0o700)
        for name in ["registry.sqlite", "registry.sqlite-wal", "registry.sqlite-shm", "daemon.lock"] {
            try Self.expectMode(Self.file(location, name), 0o600)
        }
    }

    @Test("A group's container and groups/ are made 0700")
    func freshContainer() throws {
        let location = TestStore.temporaryLocation()
        let container = try SharedStore.open(location).containerURL(for: AppGroupID(validating: "group.bacon.data"))
        try Self.expectMode(location.groupsDirectory, 0o700)
        try Self.expectMode(container, 0o700)
    }

    @Test("bundle-cache.json is written 0600, in a folder made 0700, and no temporary file is left")
    func bundleCacheFile() throws {
        let location = TestStore.temporaryLocation()
        let url = BundleCache(location: location).url
        try HostJSONFile.write(["entries": [String]()], to: url)
        try Self.expectMode(location.directory, 0o700)
        try Self.expectMode(url, 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: location.directory.path) == ["bundle-cache.json"])
        // Replacing it keeps it 0600.
        try HostJSONFile.write(["entries": ["x"]], to: url)
        try Self.expectMode(url, 0o600)
    }

    @Test("host.sock is 0600 once bound")
    func wakeupSocket() throws {
        let location = TestStore.temporaryLocation()
        try FileManager.default.createDirectory(at: location.directory, withIntermediateDirectories: true)
        let listener = try HostWakeupListener(location: location) {}
        defer { listener.stop() }
        var status = stat()
        #expect(lstat(location.wakeupSocketURL.path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK)
        try Self.expectMode(location.wakeupSocketURL, 0o600)
    }

    // MARK: Existing folders

    @Test("Opening the store tightens a 0755 folder with 0644 files and 0755 containers; other things are left alone")
    func existingStoreTightened() throws {
        let location = TestStore.temporaryLocation()
        let group = try AppGroupID(validating: "group.bacon.data")
        _ = try SharedStore.open(location).containerURL(for: group)
        let loosened: [(url: URL, folder: Bool, mode: mode_t)] = [
            (location.directory, true, 0o755),
            (location.databaseURL, false, 0o644),
            (Self.file(location, "store.lock"), false, 0o644),
            (Self.file(location, "bundle-cache.json"), false, 0o644),
            (Self.file(location, "http.token"), false, 0o640),
            (location.groupsDirectory, true, 0o755),
            (location.containerURL(for: group), true, 0o777),
        ]
        for item in loosened { try Self.make(item.url, folder: item.folder, mode: item.mode) }
        // Not widgethost's: the user's bundles folder and a file of theirs.
        let bundles = location.directory.appendingPathComponent("bundles", isDirectory: true)
        let notes = Self.file(location, "notes.txt")
        try Self.make(bundles, folder: true, mode: 0o755)
        try Self.make(notes, folder: false, mode: 0o644)

        let store = try SharedStore.open(location)
        try store.setValue(.int(1), forKey: "count", in: group)
        for item in loosened { try Self.expectMode(item.url, item.folder ? 0o700 : 0o600) }
        try Self.expectMode(Self.file(location, "store.sqlite-wal"), 0o600)
        try Self.expectMode(Self.file(location, "store.sqlite-shm"), 0o600)
        try Self.expectMode(bundles, 0o755)
        try Self.expectMode(notes, 0o644)
        #expect(DataFolderPrivacy.takeWarning(for: location) == nil)
    }

    @Test("Opening the registry, or only looking at it, tightens a 0755 folder and a 0644 registry.sqlite")
    func existingRegistryTightened() throws {
        let location = TestStore.temporaryLocation()
        _ = try RegistryDatabase.open(location)
        try Self.make(location.directory, folder: true, mode: 0o755)
        try Self.make(location.registryDatabaseURL, folder: false, mode: 0o644)
        #expect(try RegistryDatabase.openIfExists(location) != nil)
        try Self.expectMode(location.directory, 0o700)
        try Self.expectMode(location.registryDatabaseURL, 0o600)

        try Self.make(location.directory, folder: true, mode: 0o711)
        try Self.make(location.registryDatabaseURL, folder: false, mode: 0o604)
        _ = try RegistryDatabase.open(location)
        try Self.expectMode(location.directory, 0o700)
        try Self.expectMode(location.registryDatabaseURL, 0o600)
    }

    // MARK: Warnings

    @Test("What cannot be tightened is one warning naming each path, the mode found and the chmod to run")
    func untightenableFolderWarns() throws {
        let location = TestStore.temporaryLocation()
        _ = try SharedStore.open(location)
        try Self.make(location.directory, folder: true, mode: 0o755)
        try Self.make(location.databaseURL, folder: false, mode: 0o644)
        // As for a folder another user owns: every chmod is refused.
        let warning = try #require(DataFolderPrivacy.tighten(location) { _, _ in
            errno = EPERM
            return -1
        })
        let folder = location.directory.path, database = location.databaseURL.path
        #expect(warning.folder == folder)
        #expect(warning.loosePaths.map(\.path) == [folder, database])
        #expect(warning.loosePaths.map(\.mode) == [0o755, 0o644])
        #expect(warning.description.contains("\(folder) is 0755"), "\(warning)")
        #expect(warning.description.contains("\(database) is 0644"), "\(warning)")
        #expect(warning.description.contains("`chmod 700 \(folder)`"), "\(warning)")
        #expect(warning.description.contains("`chmod 600 \(database)`"), "\(warning)")
        // Nothing was changed.
        try Self.expectMode(location.directory, 0o755)
    }

    @Test("A folder's warning is handed out once per process, however often it is found")
    func warningOncePerFolder() {
        let location = TestStore.temporaryLocation()
        let warning = DataFolderPrivacyWarning(folder: location.directory.path, loosePaths: [
            .init(path: location.directory.path, mode: 0o755, isFolder: true, reason: "Operation not permitted"),
        ])
        DataFolderPrivacy.record(warning)
        DataFolderPrivacy.record(warning)
        #expect(DataFolderPrivacy.takeWarning(for: location) == warning)
        #expect(DataFolderPrivacy.takeWarning(for: location) == nil)
        DataFolderPrivacy.record(warning)
        #expect(DataFolderPrivacy.takeWarning(for: location) == nil)
    }
}
