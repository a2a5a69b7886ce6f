#if canImport(Glibc)
import Glibc
#endif
import CLandlock
import Foundation

/// The worker's side of the sandbox: before the bundle is opened, the worker restricts itself
/// to its policy with Landlock and `no_new_privs`, for good (docs/sandbox.md).
enum WorkerSandbox {
    /// Enters the sandbox `policy` describes; nil runs unsandboxed. A kernel without Landlock is
    /// reported, not fatal; any other failure ends the worker, since running a bundle less
    /// confined than the host asked must never happen quietly.
    static func enter(_ policy: WorkerSandboxPolicy?) -> WorkerSandboxStatus {
        guard let policy else { return WorkerSandboxStatus(state: .off, landlockABI: nil, networkDenied: false) }
        let abi: Int
        switch Landlock.abiVersion() {
        case .success(let version): abi = version
        case .failure(let error):
            return WorkerSandboxStatus(state: .unavailable, landlockABI: nil, networkDenied: false, note: error.description)
        }
        // Landlock restricts the calling thread and the threads it starts later, not those
        // already running: the worker must still be alone.
        let threads = SandboxSystemPaths.threadCount()
        guard threads == 1 else {
            WorkerExit.fail(.systemError, "the worker has \(threads) threads before its sandbox; Landlock would miss all but one")
        }
        // No network means none: Landlock (ABI 4) denies TCP only, and a DNS query over UDP would
        // still go out, and wait out its resolver's timeout where the machine has no network.
        // In an empty network namespace every request fails at once, as iOS fails a request
        // with no network, and the widget draws its error state.
        let emptyNetwork = !policy.network && wh_enter_empty_network_namespace() == 0
        let namespaceError = emptyNetwork || policy.network ? nil : String(cString: strerror(errno))
        let denyNetwork = !policy.network && abi >= 4
        do throws(LandlockError) {
            let ruleset = try Landlock.Ruleset(abi: abi, denyNetwork: denyNetwork, scopeIPC: abi >= 6)
            for path in SandboxSystemPaths.readable() + policy.readable {
                _ = try ruleset.allow(.read, beneath: path)
            }
            for path in SandboxSystemPaths.writable + policy.containers {
                _ = try ruleset.allow(.readWrite, beneath: path)
            }
            try ruleset.enforce()
        } catch {
            WorkerExit.fail(.systemError, "cannot enter the sandbox: \(error)")
        }
        let note: String? =
            if !policy.network && !denyNetwork && !emptyNetwork {
                "the bundle declares it needs no network, but this kernel's Landlock (ABI \(abi)) cannot deny TCP (ABI 4 can), "
                    + "and no empty network namespace could be made (\(namespaceError ?? "?"))"
            } else if let namespaceError {
                "no empty network namespace could be made (\(namespaceError)): TCP is denied, but DNS queries still go out"
            } else {
                nil
            }
        return WorkerSandboxStatus(state: .landlock, landlockABI: abi, networkDenied: denyNetwork || emptyNetwork, note: note)
    }
}

/// What any program needs to run, which every worker may reach besides its bundle's own files.
enum SandboxSystemPaths {
    /// Read-only: the system's libraries and configuration (the dynamic linker's cache, time
    /// zones, DNS and TLS settings for widgets that fetch), the folders of every library the worker
    /// has mapped (the Swift runtime wherever the toolchain lives), the CPU count, and `/proc`.
    ///
    /// All of `/proc`, not only `/proc/<pid>`: procfs makes a process's folder afresh when it is
    /// looked up again, so a rule on it stops matching (Foundation then failed reading
    /// `/proc/<pid>/stat`). Other processes' environment, memory, maps and descriptors stay out of
    /// reach: procfs checks ptrace access for those, and Landlock denies it outside the sandbox.
    static func readable() -> [String] {
        ["/usr", "/lib", "/lib64", "/lib32", "/etc", "/sys/devices/system/cpu", "/sys/fs/cgroup",
         "/dev/urandom", "/dev/random", "/dev/zero", "/proc"]
            + libraryFolders
    }

    /// `mappedLibraryFolders()`, read once: a worker forked by the fork server (which reads it
    /// while warming up) shares the server's mappings and its answer.
    static let libraryFolders = mappedLibraryFolders()

    /// Read and write: the null device, which libraries open for writing to discard.
    static let writable = ["/dev/null"]

    /// The folders of the shared libraries mapped into this process, from `/proc/self/maps`.
    static func mappedLibraryFolders() -> [String] {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        var folders = Set<String>()
        for line in maps.split(separator: "\n") {
            // address perms offset dev inode path: the path is the sixth field, and may hold spaces.
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, case let path = fields[5].trimmingCharacters(in: .whitespaces),
                  path.hasPrefix("/"), path.contains(".so") else { continue }
            folders.insert(String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]))
        }
        return folders.sorted()
    }

    /// The threads of this process, from `/proc/self/task`.
    static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }
}
