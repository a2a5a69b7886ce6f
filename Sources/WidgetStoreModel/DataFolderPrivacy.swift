#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Keeps the data folder private to its owner: it holds every widget's shared data, the HTTP
/// token and the host's socket.
///
/// Folders are made 0700 and files 0600 explicitly, never left to the process umask (commonly
/// 022, which would leave them readable by every local user). A folder an older widgethost left
/// looser is tightened when the store or the registry is opened (`secure`); what cannot be
/// tightened becomes one `DataFolderPrivacyWarning` per folder.
public enum DataFolderPrivacy {
    public static let folderMode: mode_t = 0o700
    public static let fileMode: mode_t = 0o600

    /// Why a private folder or file could not be made.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public let path: String
        public let reason: String

        public var description: String { "\(path): \(reason)" }
    }

    // MARK: Creating

    /// Creates `folder` 0700 if it is missing. Missing parents (such as `~/.local/share`) are not
    /// widgethost's and get the system's usual mode. An existing folder is left as it is.
    public static func createFolder(_ folder: URL) throws(Failure) {
        let path = folder.path
        var created = mkdir(path, folderMode) == 0
        if !created && errno == ENOENT {
            do {
                try FileManager.default.createDirectory(
                    at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw Failure(path: path, reason: error.localizedDescription)
            }
            created = mkdir(path, folderMode) == 0
        }
        if created {
            // The umask may have taken bits off 0700.
            _ = chmod(path, folderMode)
            return
        }
        guard errno == EEXIST else { throw failure(path) }
        guard isFolder(path) else { throw Failure(path: path, reason: "it exists and is not a folder") }
    }

    /// Opens `path` with `flags` (O_CREAT is added), creating it 0600 whatever the umask. An
    /// existing file of another mode is set to 0600 if this process may; if it may not,
    /// `secure` reports it. The caller closes the descriptor.
    public static func openFile(_ path: String, flags: Int32) throws(Failure) -> Int32 {
        let descriptor = open(path, flags | O_CREAT | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else { throw failure(path) }
        var status = stat()
        if fstat(descriptor, &status) == 0 && status.st_mode & 0o7777 != fileMode {
            _ = fchmod(descriptor, fileMode)
        }
        return descriptor
    }

    /// Creates `path` empty and 0600 if it is missing; an existing file is left alone (`secure`
    /// tightens it). For a database file, before SQLite opens it: SQLite would make it 0644, and
    /// it gives the -wal and -shm files it makes later the database file's mode.
    public static func createFile(_ path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else {
            guard errno == EEXIST else { throw failure(path) }
            return
        }
        // The umask may have taken bits off 0600.
        _ = fchmod(descriptor, fileMode)
        close(descriptor)
    }

    // MARK: Tightening

    /// Takes group and other permissions off the data folder, widgethost's files in it, `groups/`
    /// and each container, wherever they have any. What cannot be changed (another user owns it)
    /// is returned, and kept for `takeWarning(for:)` once per folder and process.
    @discardableResult
    public static func secure(_ location: StoreLocation) -> DataFolderPrivacyWarning? {
        let warning = tighten(location) { path, mode in chmod(path, mode) }
        if let warning { record(warning) }
        return warning
    }

    /// `secure` without the record; `changeMode` is `chmod`, or a stand-in for a test.
    static func tighten(
        _ location: StoreLocation, changeMode: (String, mode_t) -> Int32
    ) -> DataFolderPrivacyWarning? {
        var loose: [DataFolderPrivacyWarning.LoosePath] = []
        func tighten(_ url: URL, isFolder: Bool, followingLink: Bool = false) {
            var status = stat()
            // Inside the folder, lstat and only folders, files and sockets: chmod would follow a
            // symbolic link to whatever it points at, which is not ours to change. The data
            // folder itself may be a link the user made.
            guard (followingLink ? stat(url.path, &status) : lstat(url.path, &status)) == 0 else { return }
            let type = status.st_mode & S_IFMT
            guard isFolder ? type == S_IFDIR : (type == S_IFREG || type == S_IFSOCK) else { return }
            let mode = status.st_mode & 0o7777
            guard mode & 0o077 != 0 else { return }
            if changeMode(url.path, mode & ~0o077) != 0 {
                let reason = String(cString: strerror(errno))
                loose.append(.init(path: url.path, mode: mode, isFolder: isFolder, reason: reason))
            }
        }
        tighten(location.directory, isFolder: true, followingLink: true)
        for file in privateFiles(location) { tighten(file, isFolder: false) }
        tighten(location.groupsDirectory, isFolder: true)
        let containers = (try? FileManager.default.contentsOfDirectory(atPath: location.groupsDirectory.path)) ?? []
        for name in containers.sorted() {
            tighten(location.groupsDirectory.appendingPathComponent(name, isDirectory: true), isFolder: true)
        }
        return loose.isEmpty ? nil : DataFolderPrivacyWarning(folder: location.directory.path, loosePaths: loose)
    }

    /// The files widgethost keeps in the data folder, whichever module writes them. Only these
    /// are tightened: the folder may hold the user's own things, such as `bundles/`.
    static func privateFiles(_ location: StoreLocation) -> [URL] {
        let databases = [location.databaseURL, location.registryDatabaseURL].flatMap { database in
            ["", "-wal", "-shm"].map { URL(fileURLWithPath: database.path + $0) }
        }
        let others = ["bundle-cache.json", "broken-bundles.json", "http.token", "http.address"]
            .map { location.directory.appendingPathComponent($0) }
        return databases + [location.lockURL, location.daemonLockURL, location.wakeupSocketURL] + others
    }

    // MARK: Helpers

    private static func failure(_ path: String) -> Failure {
        Failure(path: path, reason: String(cString: strerror(errno)))
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
