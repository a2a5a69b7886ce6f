import Foundation
import Logging
import WidgetHostCore

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

    public init(
        executable: URL = WorkerExecutable.locate(),
        resourceLimits: WorkerResourceLimits = .defaults,
        scanTimeout: TimeInterval = 10,
        grace: TimeInterval = 2,
        restartBackoff: Backoff = Backoff(initial: 1, maximum: 60)
    ) {
        self.executable = executable
        self.resourceLimits = resourceLimits
        self.scanTimeout = scanTimeout
        self.grace = grace
        self.restartBackoff = restartBackoff
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

    func output(_ line: String, bundle: String?, path: String) {
        logger.notice("\(line)", metadata: ["bundle": "\(bundle ?? path)", "stream": "output"])
    }

    func ended(_ path: String, bundle: String?, failure: WorkerFailure) {
        logger.error("\(failure)", metadata: ["bundle": "\(bundle ?? path)", "path": "\(path)"])
    }

    func restarted(_ path: String, _ reason: String) {
        logger.notice("\(reason)", metadata: ["path": "\(path)"])
    }
}
