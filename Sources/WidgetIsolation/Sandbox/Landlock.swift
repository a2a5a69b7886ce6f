#if canImport(Glibc)
import Glibc
#endif
import CLandlock

/// Linux Landlock, as the worker uses it: one ruleset that handles every right the kernel knows,
/// so that whatever no rule allows is denied. (`landlock(7)`; the C shim spells out the calls.)
enum Landlock {
    /// The kernel's Landlock ABI version, or the errno that says it has none.
    static func abiVersion() -> Result<Int, LandlockError> {
        let version = wh_landlock_abi_version()
        return version >= 1 ? .success(Int(version)) : .failure(.unavailable(errno: errno))
    }

    /// Every filesystem right the kernel of `abi` knows: handled, so denied unless allowed.
    static func filesystemRights(abi: Int) -> UInt64 {
        var rights: UInt64 = (1 << 13) - 1  // ABI 1: EXECUTE … MAKE_SYM
        if abi >= 2 { rights |= UInt64(WH_LANDLOCK_FS_REFER) }
        if abi >= 3 { rights |= UInt64(WH_LANDLOCK_FS_TRUNCATE) }
        if abi >= 5 { rights |= UInt64(WH_LANDLOCK_FS_IOCTL_DEV) }
        return rights
    }

    /// What may be done beneath a path.
    enum Access {
        /// Read files and list folders.
        case read
        /// Read, write, create, rename and remove files and folders; never execute, and never
        /// make devices, sockets or pipes.
        case readWrite

        /// The rights to allow on a folder (`directory`) or a file, within `handled`: a rule on
        /// a file may only carry rights that apply to files.
        func rights(directory: Bool, handled: UInt64) -> UInt64 {
            let fileRights = UInt64(WH_LANDLOCK_FS_READ_FILE)
                | (self == .readWrite ? UInt64(WH_LANDLOCK_FS_WRITE_FILE) | UInt64(WH_LANDLOCK_FS_TRUNCATE) : 0)
            guard directory else { return fileRights & handled }
            var rights = fileRights | UInt64(WH_LANDLOCK_FS_READ_DIR)
            if self == .readWrite {
                rights |= UInt64(WH_LANDLOCK_FS_REMOVE_DIR) | UInt64(WH_LANDLOCK_FS_REMOVE_FILE)
                    | UInt64(WH_LANDLOCK_FS_MAKE_DIR) | UInt64(WH_LANDLOCK_FS_MAKE_REG) | UInt64(WH_LANDLOCK_FS_MAKE_SYM)
                    | UInt64(WH_LANDLOCK_FS_REFER)
            }
            return rights & handled
        }
    }

    /// A ruleset being built; `enforce()` applies it to this process for good.
    struct Ruleset: ~Copyable {
        let descriptor: Int32
        let handledFilesystem: UInt64

        /// - Parameters:
        ///   - denyNetwork: handle TCP bind and connect, allowing no port (ABI ≥ 4).
        ///   - scopeIPC: deny abstract Unix sockets and signals to processes outside (ABI ≥ 6).
        init(abi: Int, denyNetwork: Bool, scopeIPC: Bool) throws(LandlockError) {
            handledFilesystem = Landlock.filesystemRights(abi: abi)
            let network = denyNetwork ? UInt64(WH_LANDLOCK_NET_BIND_TCP) | UInt64(WH_LANDLOCK_NET_CONNECT_TCP) : 0
            let scoped = scopeIPC ? UInt64(WH_LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET) | UInt64(WH_LANDLOCK_SCOPE_SIGNAL) : 0
            descriptor = wh_landlock_create_ruleset(handledFilesystem, network, scoped)
            guard descriptor >= 0 else { throw .cannotCreateRuleset(errno: errno) }
        }

        deinit { close(descriptor) }

        /// Allows `access` beneath `path`; false when there is nothing at `path`.
        func allow(_ access: Access, beneath path: String) throws(LandlockError) -> Bool {
            let target = wh_open_path(path)
            guard target >= 0 else {
                if errno == ENOENT || errno == ENOTDIR { return false }
                throw .cannotOpen(path: path, errno: errno)
            }
            defer { close(target) }
            var status = stat()
            guard fstat(target, &status) == 0 else { throw .cannotOpen(path: path, errno: errno) }
            let directory = (status.st_mode & S_IFMT) == S_IFDIR
            let rights = access.rights(directory: directory, handled: handledFilesystem)
            guard wh_landlock_allow_path(descriptor, target, rights) == 0 else {
                throw .cannotAddRule(path: path, errno: errno)
            }
            return true
        }

        /// Restricts this process (and every thread and child it starts from now on) to the
        /// rules; there is no way back.
        consuming func enforce() throws(LandlockError) {
            guard wh_landlock_restrict_self(descriptor) == 0 else { throw .cannotRestrict(errno: errno) }
        }
    }
}

/// Why a Landlock step failed.
enum LandlockError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kernel has no Landlock: ENOSYS (not built in) or EOPNOTSUPP (disabled at boot).
    case unavailable(errno: Int32)
    case cannotCreateRuleset(errno: Int32)
    case cannotOpen(path: String, errno: Int32)
    case cannotAddRule(path: String, errno: Int32)
    case cannotRestrict(errno: Int32)

    var description: String {
        switch self {
        case .unavailable(let code):
            "this kernel has no Landlock (\(Self.text(code))): enable it with the boot parameter lsm=…,landlock, or use a kernel ≥ 5.13"
        case .cannotCreateRuleset(let code): "cannot create a Landlock ruleset: \(Self.text(code))"
        case .cannotOpen(let path, let code): "cannot open \(path) to allow it: \(Self.text(code))"
        case .cannotAddRule(let path, let code): "cannot allow \(path): \(Self.text(code))"
        case .cannotRestrict(let code): "cannot enforce the Landlock ruleset: \(Self.text(code))"
        }
    }

    private static func text(_ code: Int32) -> String { String(cString: strerror(code)) }
}
