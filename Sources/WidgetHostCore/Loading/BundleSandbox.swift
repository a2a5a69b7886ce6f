/// The confinement a bundle runs under, as `bundles` and `validate` show it (docs/sandbox.md).
/// nil on a report means in process: unsandboxed, for trusted bundles only.
public struct BundleSandbox: Sendable, Hashable, Codable {
    public enum Enforcement: String, Sendable, Hashable, Codable {
        /// A worker held by Linux Landlock to what follows.
        case landlock
        /// A worker, unconfined: this kernel has no Landlock (see `note`).
        case unavailable
        /// A worker, unconfined because the host was told to (`--unsandboxed`).
        case off
    }

    public var enforcement: Enforcement
    /// The kernel's Landlock ABI version, when it has one.
    public var landlockABI: Int?
    /// The bundle's own files it may read: its `.so` and its asset folder.
    public var readable: [String]
    /// The App Groups whose containers it may read and write.
    public var appGroups: [String]
    /// TCP allowed; false when the bundle declared it needs no network and the kernel can deny it.
    public var network: Bool
    /// What is not enforced, and why.
    public var note: String?

    public init(
        enforcement: Enforcement, landlockABI: Int?, readable: [String], appGroups: [String], network: Bool, note: String? = nil
    ) {
        self.enforcement = enforcement
        self.landlockABI = landlockABI
        self.readable = readable
        self.appGroups = appGroups
        self.network = network
        self.note = note
    }

    /// One line for people, e.g. "landlock (ABI 7): own files; groups group.a; no network".
    public var summary: String {
        let confinement = switch enforcement {
        case .landlock: "landlock" + (landlockABI.map { " (ABI \($0))" } ?? "")
        case .unavailable: "none: this kernel has no Landlock"
        case .off: "none: turned off"
        }
        guard enforcement == .landlock else { return confinement }
        let groups = appGroups.isEmpty ? "no groups" : "groups " + appGroups.joined(separator: ", ")
        return "\(confinement): own files; \(groups); \(network ? "network" : "no network")"
    }
}
