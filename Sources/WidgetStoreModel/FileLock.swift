#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock`: held while a process migrates a database (the store, the registry), and
/// by the running daemon. The kernel drops it when the process dies, even by SIGKILL, so a crash
/// never leaves a stale lock.
public struct FileLock: Sendable {
    public enum Failure: Error, Sendable {
        /// Another process holds the lock (only when not waiting).
        case busy
        /// The file could not be opened or locked; `reason` is the system's.
        case failed(reason: String)
    }

    private let descriptor: Int32

    /// Locks `path`, a file (created 0600 if missing) or an existing folder.
    /// - Parameter wait: wait for another holder to let go, or fail with `.busy` at once.
    public static func acquire(_ path: String, isFolder: Bool = false, wait: Bool = true) throws(Failure) -> FileLock {
        let descriptor: Int32
        if isFolder {
            descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .failed(reason: String(cString: strerror(errno))) }
        } else {
            do {
                descriptor = try DataFolderPrivacy.openFile(path, flags: O_RDWR)
            } catch {
                throw .failed(reason: error.reason)
            }
        }
        while flock(descriptor, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            guard errno == EINTR else {
                let failure: Failure = errno == EWOULDBLOCK ? .busy : .failed(reason: String(cString: strerror(errno)))
                close(descriptor)
                throw failure
            }
        }
        return FileLock(descriptor: descriptor)
    }

    /// Whether some process holds the lock on the file at `path` right now.
    public static func isHeld(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(descriptor, LOCK_UN)
        return false
    }

    public func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

extension FileLock.Failure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .busy: "another process holds the lock"
        case .failed(let reason): reason
        }
    }
}
