import WidgetHostCore

/// What a worker's bundle may reach, decided by the host and enforced by the worker with Linux
/// Landlock before it opens the bundle (docs/sandbox.md). Beyond these the worker adds only what
/// any program needs: the system's libraries and configuration and `/proc` (read-only), and
/// `/dev/null`. Nothing may be executed.
public struct WorkerSandboxPolicy: Sendable, Hashable, Codable {
    /// The bundle's own files, read-only: its `.so` and its asset folder.
    public var readable: [String]
    /// The App Groups the bundle declared, whose containers it may read and write.
    public var appGroups: [String]
    /// Those groups' container folders, in the same order.
    public var containers: [String]
    /// TCP allowed; false once the bundle declares it needs no network (ABI 1.5).
    public var network: Bool

    public init(readable: [String], appGroups: [String], containers: [String], network: Bool) {
        self.readable = readable
        self.appGroups = appGroups
        self.containers = containers
        self.network = network
    }
}

/// The sandbox a worker entered, as it reported it at hello.
public struct WorkerSandboxStatus: Sendable, Hashable, Codable {
    /// Landlock holds the worker, the kernel has none, or the host asked for no sandbox.
    public var state: BundleSandbox.Enforcement
    /// The kernel's Landlock ABI version; nil when it has none.
    public var landlockABI: Int?
    /// TCP bind and connect are denied (Landlock ABI ≥ 4).
    public var networkDenied: Bool
    /// What could not be enforced, and why.
    public var note: String?

    public init(state: BundleSandbox.Enforcement, landlockABI: Int?, networkDenied: Bool, note: String? = nil) {
        self.state = state
        self.landlockABI = landlockABI
        self.networkDenied = networkDenied
        self.note = note
    }
}
