import Foundation
import Synchronization
import Logging
import WidgetHostCore
import WidgetPayload

/// How the host runs bundles in workers: which executable, within which limits, how patiently.
public struct WorkerSettings: Sendable {
    public var executable: URL
    public var resourceLimits: WorkerResourceLimits
    /// Seconds a worker may take to start and load its bundle.
    public var scanTimeout: TimeInterval
    /// Seconds past a call's own timeout before the worker counts as hung and is killed.
    public var grace: TimeInterval
    /// Waits between restarts of a worker that keeps failing.
    public var restartBackoff: Backoff
    /// Each worker enters a Landlock sandbox before opening its bundle (docs/sandbox.md).
    public var sandboxed: Bool
    /// Where scans are remembered (`bundle-cache.json`, `broken-bundles.json`); nil: the data
    /// folder. A host that loads throwaway copies of bundles (`widgethost preview`) keeps them
    /// apart, so that it never replaces the user's cache with its own few files.
    public var scanRecordFolder: URL?
    /// Seconds a worker may sit without a call before it is let go, as WidgetKit lets an idle
    /// extension process go; the next call starts it again. Nil: workers stay until the host
    /// stops them. A daemon with many bundles keeps only the busy ones in memory this way.
    public var idleTimeout: TimeInterval?
    /// Workers are forked from a fork server (`widgethost-worker --fork-server`, one per host)
    /// rather than each spawned afresh: a start then skips the dynamic linker and the Swift
    /// runtime's own start. The same worker either way; false spawns each one.
    public var usesForkServer: Bool {
        get { launcher.usesForkServer }
        set { if newValue != launcher.usesForkServer { launcher = WorkerLauncher(usesForkServer: newValue) } }
    }
    /// Shared by every copy of these settings: one fork server per host.
    private(set) var launcher = WorkerLauncher(usesForkServer: true)
    /// Gives the host's first worker start of `worker`'s executable a worker process already
    /// started (`PrestartedWorker`): that start only sends it its configuration. After setting
    /// `usesForkServer`, which makes a new launcher.
    public func adopt(_ worker: PrestartedWorker) {
        launcher.adopt(worker)
    }

    /// Shared by every copy of these settings: one thread reads every worker of a host.
    let listener = WorkerListener()

    public init(
        executable: URL = WorkerExecutable.locate(),
        resourceLimits: WorkerResourceLimits = .defaults,
        scanTimeout: TimeInterval = 10,
        grace: TimeInterval = 2,
        restartBackoff: Backoff = Backoff(initial: 1, maximum: 60),
        sandboxed: Bool = true,
        idleTimeout: TimeInterval? = nil
    ) {
        self.executable = executable
        self.resourceLimits = resourceLimits
        self.scanTimeout = scanTimeout
        self.grace = grace
        self.restartBackoff = restartBackoff
        self.sandboxed = sandboxed
        self.idleTimeout = idleTimeout
    }
}

/// Where a worker's bundle says things: its host services (log, reloads) and its completion
/// violations, as in process; plus what only a worker has, its raw output and its end.
struct WorkerEvents: Sendable {
    let services: any BundleServicesDelegate
    let violation: @Sendable (_ kind: String, _ family: WidgetFamily, CompletionViolation) -> Void
    /// Where a perform's wrong completion goes (ABI 1.4's intents).
    var intentViolation: @Sendable (IntentCompletionViolation) -> Void = { _ in }
    let logger: Logger
    /// Whether the host has said that workers run unsandboxed; shared by every scan of one host.
    var sandboxWarning = OneTimeWarning()

    /// A line the bundle printed; the lines of the worker's crash report are errors, shown
    /// beside the crash they explain.
    func output(_ line: String, bundle: String?, path: String, crashReport: Bool = false) {
        logger.log(level: crashReport ? .error : .notice, "\(line)", metadata: ["bundle": "\(bundle ?? path)", "stream": "output"])
    }

    func ended(_ path: String, bundle: String?, failure: WorkerFailure) {
        logger.error("\(failure)", metadata: ["bundle": "\(bundle ?? path)", "path": "\(path)"])
    }

    /// A worker ran unsandboxed though the host asked for a sandbox: said once per host.
    func sandboxUnavailable(_ reason: String) {
        guard sandboxWarning.claim() else { return }
        logger.warning(
            "workers run unsandboxed: \(reason). Bundles can read what the user can; run only bundles you trust (docs/sandbox.md)")
    }

    func restarted(_ path: String, _ reason: String) {
        logger.notice("\(reason)", metadata: ["path": "\(path)"])
    }

    func releasedIdle(_ path: String, bundle: String?, after seconds: TimeInterval) {
        logger.debug(
            "worker let go after \(Int(seconds)) s without a call; the next call starts it again",
            metadata: ["bundle": "\(bundle ?? path)", "path": "\(path)"])
    }
}

/// A warning given once, however many copies of its holder there are.
final class OneTimeWarning: Sendable {
    private let given = Mutex(false)

    /// true the first time only.
    func claim() -> Bool {
        given.withLock { given in
            defer { given = true }
            return !given
        }
    }
}
