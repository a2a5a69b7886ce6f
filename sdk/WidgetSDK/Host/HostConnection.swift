#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import WidgetABI

/// The host-services table this bundle was given at init (`host_services.h`).
///
/// One per bundle: each `.so` carries its own static copy of the SDK, and so its own connection.
enum HostConnection {
    private struct Services: @unchecked Sendable {
        // Unchecked: the host owns the table, never changes it and keeps it for the life of the
        // process; its functions are [thread-safe].
        let table: UnsafePointer<wk_host_services_t>
    }

    private static let services = Mutex<Services?>(nil)

    static func connect(_ table: UnsafePointer<wk_host_services_t>) {
        services.withLock { $0 = Services(table: table) }
    }

    /// The host's table, or nil before the host has called `init` (in unit tests, say).
    static var table: UnsafePointer<wk_host_services_t>? {
        services.withLock { $0?.table }
    }
}

/// Writes a line to standard error, for the moments there is no host to log to.
func standardError(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
