#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on a file beside the database, held while a process sets the store up.
struct StoreLock {
    private let descriptor: Int32

    static func acquire(at path: String) throws(StoreError) -> StoreLock {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw .cannotOpen(path: path, reason: reason)
            }
        }
        return StoreLock(descriptor: descriptor)
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
