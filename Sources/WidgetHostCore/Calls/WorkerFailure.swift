import Foundation

/// Why a worker process stopped serving its bundle. The bundle's calls fail with this (as
/// `ProviderCallError.worker`), its last good timelines stay, and the worker is restarted.
public enum WorkerFailure: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Killed by a signal: SIGSEGV (11), SIGABRT (6), SIGKILL (9) after a memory or CPU limit…
    case crashed(signal: Int32)
    /// Exited on its own, e.g. the bundle called `exit()`.
    case exited(status: Int32)
    /// Did not answer within the call's timeout plus grace, and was killed.
    case timedOut(seconds: Double)
    /// Sent something that is not the protocol.
    case protocolError(String)
    /// Could not be started at all.
    case spawnFailed(String)
    /// Still waiting out the restart backoff after `failure`.
    case restarting(until: Date, after: String)

    public var code: String {
        switch self {
        case .crashed: "workerCrashed"
        case .exited: "workerExited"
        case .timedOut: "workerTimedOut"
        case .protocolError: "workerProtocolError"
        case .spawnFailed: "workerSpawnFailed"
        case .restarting: "workerRestarting"
        }
    }

    public var description: String {
        switch self {
        case .crashed(let signal):
            "the bundle's worker crashed with signal \(signal) (\(Self.signalName(signal))); fix the crash, the host restarts the worker meanwhile"
        case .exited(let status):
            "the bundle's worker exited with status \(status); a bundle must never call exit()"
        case .timedOut(let seconds):
            "the bundle's worker did not answer within \(seconds.formatted()) s and was killed; providers must return promptly"
        case .protocolError(let detail):
            "the bundle's worker broke the protocol (\(detail)) and was killed"
        case .spawnFailed(let reason):
            "the bundle's worker could not be started: \(reason)"
        case .restarting(let until, let after):
            "the bundle's worker is waiting to restart until \(until.formatted(.iso8601)) after: \(after)"
        }
    }

    package static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: "SIGSEGV"
        case SIGABRT: "SIGABRT"
        case SIGKILL: "SIGKILL"
        case SIGBUS: "SIGBUS"
        case SIGILL: "SIGILL"
        case SIGFPE: "SIGFPE"
        case SIGTRAP: "SIGTRAP"
        case SIGXCPU: "SIGXCPU, CPU limit"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}
