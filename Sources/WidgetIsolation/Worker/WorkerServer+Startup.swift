#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WidgetHostCore

extension WorkerServer {
    /// The configuration in `arguments[1]`; anything else ends the worker with `.usage`.
    static func parseConfiguration(_ arguments: [String]) -> WorkerConfiguration {
        guard arguments.count == 2 else {
            WorkerExit.fail(.usage, "expected one argument, the worker configuration as JSON, got \(max(arguments.count - 1, 0)); widgethost-worker is started by widgethost, not by hand")
        }
        return decodeConfiguration(Data(arguments[1].utf8))
    }

    /// The configuration in `json`, as the host encoded it; anything else ends the worker.
    static func decodeConfiguration(_ json: Data) -> WorkerConfiguration {
        do {
            return try WorkerConfiguration(json: Array(json))
        } catch {
            WorkerExit.fail(.usage, "the argument is not a worker configuration: \(error)")
        }
    }

    /// Applies `limits` to this process before anything of the bundle's runs; nil leaves a limit
    /// as inherited. Never raises a hard limit (an unprivileged process cannot): a requested
    /// limit above it is held to it.
    static func applyResourceLimits(_ limits: WorkerResourceLimits) {
        if let bytes = limits.memoryBytes {
            setLimit(RLIMIT_DATA, "RLIMIT_DATA", soft: bytes, hard: bytes)
        }
        if let seconds = limits.cpuSeconds {
            // At the soft limit the kernel sends SIGXCPU, which ends the worker unless the bundle
            // catches it; the hard limit, a little later, is SIGKILL, which nothing catches.
            setLimit(RLIMIT_CPU, "RLIMIT_CPU", soft: seconds, hard: seconds.addingReportingOverflow(cpuGraceSeconds).overflow ? .max : seconds + cpuGraceSeconds)
        }
    }

    /// CPU seconds between SIGXCPU and SIGKILL.
    static let cpuGraceSeconds = 5

    private static func setLimit(_ resource: __rlimit_resource, _ name: String, soft: Int, hard: Int) {
        let resourceID = __rlimit_resource_t(resource.rawValue)
        var current = rlimit()
        guard getrlimit(resourceID, &current) == 0 else {
            WorkerExit.fail(.systemError, "cannot read \(name): \(String(cString: strerror(errno)))")
        }
        let ceiling = current.rlim_max
        var limit = rlimit(
            rlim_cur: min(rlim_t(clamping: max(soft, 0)), ceiling),
            rlim_max: min(rlim_t(clamping: max(hard, 0)), ceiling))
        guard setrlimit(resourceID, &limit) == 0 else {
            WorkerExit.fail(.systemError, "cannot set \(name) to \(soft): \(String(cString: strerror(errno)))")
        }
    }
}
