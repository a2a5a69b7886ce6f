import WidgetABI

/// Writes to the host's log, tagged with this bundle's name; to standard error when no host is
/// connected.
public enum WidgetLog {
    /// How much a message matters; the host filters and tags by it.
    public enum Level: Int32, Sendable {
        case debug = 0
        case info = 1
        case warning = 2
        case error = 3
    }

    public static func log(_ level: Level, _ message: String) {
        guard let log = HostConnection.function(\.log) else {
            return standardError("[\(level)] \(message)")
        }
        message.withCString { log(wk_log_level_t(rawValue: UInt32(level.rawValue)), $0) }
    }

    public static func debug(_ message: String) { log(.debug, message) }
    public static func info(_ message: String) { log(.info, message) }
    public static func warning(_ message: String) { log(.warning, message) }
    public static func error(_ message: String) { log(.error, message) }
}
