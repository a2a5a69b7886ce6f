import WidgetHostCore
import WidgetPayload

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
    /// The bundle's SwiftPM resource folder (`<Package>_<Name>.resources`), as the host found it
    /// by listing the bundle's folder, which a sandboxed worker may not; nil: none. Absent from
    /// a configuration written before it, which then decodes as none.
    public let resourceFolder: String?

    public init(
        bundlePath: String, limits: CallLimits, sandbox: WorkerSandboxPolicy?, resourceLimits: WorkerResourceLimits,
        abiVersion: ABIVersion? = nil, resourceFolder: String? = nil
    ) {
        self.bundlePath = bundlePath
        self.limits = limits
        self.sandbox = sandbox
        self.resourceLimits = resourceLimits
        self.abiVersion = abiVersion
        self.resourceFolder = resourceFolder
    }
}

extension WorkerConfiguration {
    /// The configuration as the host sends it. Written and read with the project's own JSON
    /// coders (`JSONValueEncoder`/`JSONReader`), not Foundation's: a forked worker's start spent
    /// a seventh of its time in `JSONDecoder` reading this one value (BENCHMARKS.md, "Worker
    /// starts"). Foundation's `JSONEncoder` output reads back the same.
    func json() throws -> [UInt8] {
        try JSONWriter.bytes(of: JSONValueEncoder.roundTrip.encode(self))
    }

    /// The configuration in `json`, as `json()` or `JSONEncoder` wrote it.
    init(json: [UInt8]) throws {
        self = try JSONValueDecoder.roundTrip.decode(WorkerConfiguration.self, from: JSONReader().read(json))
    }

    /// This configuration with `sandbox` and `resourceFolder` instead.
    func launching(sandbox: WorkerSandboxPolicy?, resourceFolder: String?) -> WorkerConfiguration {
        WorkerConfiguration(
            bundlePath: bundlePath, limits: limits, sandbox: sandbox, resourceLimits: resourceLimits, abiVersion: abiVersion,
            resourceFolder: resourceFolder)
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
