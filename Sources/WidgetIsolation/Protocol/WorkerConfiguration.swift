import WidgetHostCore
/// Everything a worker needs to know, passed as JSON in its one argument.
public struct WorkerConfiguration: Sendable, Hashable, Codable {
    public let bundlePath: String
    public let limits: CallLimits
    /// What the bundle may reach; nil: unsandboxed.
    public let sandbox: WorkerSandboxPolicy?
    public let resourceLimits: WorkerResourceLimits
    /// The ABI the worker speaks to its bundle (`HostConfiguration.abiVersion`); nil: the
    /// worker's own headers'.
    public let abiVersion: ABIVersion?

    public init(
        bundlePath: String, limits: CallLimits, sandbox: WorkerSandboxPolicy?, resourceLimits: WorkerResourceLimits,
        abiVersion: ABIVersion? = nil
    ) {
        self.bundlePath = bundlePath
        self.limits = limits
        self.sandbox = sandbox
        self.resourceLimits = resourceLimits
        self.abiVersion = abiVersion
    }
}

extension WorkerConfiguration {
    /// This configuration with `sandbox` instead.
    func sandboxed(_ sandbox: WorkerSandboxPolicy?) -> WorkerConfiguration {
        WorkerConfiguration(
            bundlePath: bundlePath, limits: limits, sandbox: sandbox, resourceLimits: resourceLimits, abiVersion: abiVersion)
    }
}

/// What a worker may use before the kernel stops it: a bundle that allocates without bound is
/// killed, not the machine.
public struct WorkerResourceLimits: Sendable, Hashable, Codable {
    /// The worker's data segment (heap and anonymous mappings: `RLIMIT_DATA`), in bytes.
    public var memoryBytes: Int?
    /// Total CPU seconds over the worker's life (`RLIMIT_CPU`); a restarted worker starts afresh.
    public var cpuSeconds: Int?

    public static let defaults = WorkerResourceLimits(memoryBytes: 1 << 30, cpuSeconds: 600)

    public init(memoryBytes: Int?, cpuSeconds: Int?) {
        self.memoryBytes = memoryBytes
        self.cpuSeconds = cpuSeconds
    }
}
