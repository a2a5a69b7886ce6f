import Foundation
import Synchronization
import WidgetHostCore
import WidgetPayload

/// What a `BundleWorker` knows about its current process, kept under one lock.
struct WorkerState: Sendable {
    var process: WorkerProcess?
    /// The process id of the latest worker started, running or not.
    var lastProcessID: Int32?
    /// Counts starts, so that a late event about an old process never touches a newer one.
    var generation = 0
    var startup: WorkerStartup?
    var pending: [UInt64: PendingCall] = [:]
    var nextCallID: UInt64 = 0
    /// The bundle's name once the worker has scanned it, for attributing its output.
    var bundleName: String?
    var consecutiveFailures = 0
    package var lastFailure: WorkerFailure?
    var restartNotBefore: Date?
    /// The bundle file as it was when the running worker loaded it.
    var fileStamp: FileStamp?
    /// Why the host killed a process, by generation: more telling than the SIGKILL it dies of.
    var blame: [Int: WorkerFailure] = [:]
    /// Generations `stop()` asked to exit: their end is expected, not a failure.
    var stopping: Set<Int> = []
    /// The generation of a prestarted process that has not said hello yet: if it ends first,
    /// it died before its configuration reached it (killed while it waited), and a worker is
    /// started the usual way instead of failing the call.
    var prestartedAwaitingHello: Int?
    /// The restart under way, which every call that finds the worker down waits for.
    var restarting: Task<WorkerFailure?, Never>?
    /// The sandbox the next worker starts in, from what the bundle last declared.
    var policy: WorkerSandboxPolicy
    /// The App Groups the running worker's bundle declared in its scan: the only ones its
    /// defaults requests may reach.
    var declaredGroups: [AppGroupID] = []
    /// Since when the running worker has had no call pending (`BundleWorker+Idle.swift`).
    var idleSince: Date?
    /// The generation whose idle check is scheduled: one at a time per worker, not one per call.
    var idleCheckGeneration: Int?
    /// How many times a worker of this bundle was let go for idleness.
    var idleReleases = 0
    /// How many idle checks kept the worker because its next planned call was near.
    var idleKeeps = 0
    /// The bundle's kinds, from its last scan (or the cache's): what the idle release asks the
    /// host's planned calls about.
    var kinds: [String] = []
}

/// A call (or entity options request) sent to the worker and not yet answered.
struct PendingCall: Sendable {
    /// How long the worker waits for the bundle on this call: the worker is recycled after a
    /// timeout, blaming this.
    let timeout: Double
    /// The process the call was sent to.
    let generation: Int
    let continuation: CheckedContinuation<TransportOutcome, Never>
}

/// Hands the worker's scan (or its failure) to the thread waiting in `start()`.
final class WorkerStartup: Sendable {
    /// How a prestarted process that ended before its hello ends its startup: it died before
    /// its configuration reached it, and its start is made again the usual way.
    static let prestartedWorkerGone = WorkerFailure.spawnFailed("the prestarted worker ended before its configuration reached it")

    private let result = Mutex<Result<WorkerScanReport, WorkerFailure>?>(nil)
    private let delivered = DispatchSemaphore(value: 0)

    func deliver(_ outcome: Result<WorkerScanReport, WorkerFailure>) {
        let first = result.withLock { result in
            guard result == nil else { return false }
            result = outcome
            return true
        }
        if first { delivered.signal() }
    }

    /// The outcome, or nil if none came within `timeout` seconds.
    func wait(timeout: TimeInterval) -> Result<WorkerScanReport, WorkerFailure>? {
        guard delivered.wait(timeout: .now() + timeout) == .success else { return nil }
        return result.withLock { $0 }
    }
}

/// A bundle file's identity on disk: a rebuilt file differs in at least one of these.
struct FileStamp: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
    }
}
