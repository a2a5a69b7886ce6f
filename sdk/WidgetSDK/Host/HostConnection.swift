#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import WidgetABI
import WidgetABIFields

/// The host-services table this bundle was given at init (`host_services.h`).
///
/// One per bundle: each `.so` carries its own static copy of the SDK, and so its own connection.
enum HostConnection {
    private struct Services: @unchecked Sendable {
        // Unchecked: the host owns the table, never changes it and keeps it for the life of the
        // process; its functions are [thread-safe].
        let table: UnsafePointer<wk_host_services_t>
        let bundleName: String
        let appGroups: [String]
    }

    private static let services = Mutex<Services?>(nil)

    static func connect(_ table: UnsafePointer<wk_host_services_t>, bundle: UnsafePointer<wk_bundle_t>) {
        // The bundle is this SDK's own table, handed back, as shaped for this host.
        let fields = PeerStruct(bundle)
        let groups = (0..<Int(fields[\.app_group_count] ?? 0)).compactMap { index in
            fields[present: \.app_groups]?[index].map { String(cString: $0) }
        }
        let name = fields[present: \.name].map { String(cString: $0) } ?? ""
        services.withLock { $0 = Services(table: table, bundleName: name, appGroups: groups) }
    }

    /// Forgets the host's table, as before `init`. For tests, which connect fake hosts.
    static func disconnect() {
        services.withLock { $0 = nil }
    }

    /// The host's table, or nil before the host has called `init` (in unit tests, say).
    static var table: UnsafePointer<wk_host_services_t>? {
        services.withLock { $0?.table }
    }

    /// This bundle's name and declared App Groups, as exported.
    static var bundle: (name: String, appGroups: [String]) {
        services.withLock { ($0?.bundleName ?? "", $0?.appGroups ?? []) }
    }

    /// One of the host's functions: nil before `init`, and when the host's table ends before
    /// `field` (a host of an older minor), read as `WK_HAS_FIELD` says (`PeerStruct`).
    static func function<Function>(_ field: KeyPath<wk_host_services_t, Function?>) -> Function? {
        guard let table else { return nil }
        return PeerStruct(table)[present: field]
    }
}

/// Writes a line to standard error, for the moments there is no host to log to.
func standardError(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
