import WidgetSDK

/// OSLog's `Logger`, as widgets use it: each message goes to the host's log, tagged with the
/// bundle's name as `WidgetLog` tags it, and with the logger's subsystem and category.
///
///     let logger = Logger(subsystem: "com.example.widgets", category: "timeline")
///     logger.info("loaded \(count) entries for \(kind, privacy: .public)")
///
/// Interpolated values show as Xcode's console shows them while debugging: values marked
/// `.private` or `.sensitive` read `<private>`, every other value is written out.
public struct Logger: Sendable {
    public let subsystem: String
    public let category: String

    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    /// A logger with no subsystem or category, as `Logger()` on iOS.
    public init() {
        self.init(subsystem: "", category: "")
    }

    public func log(level: OSLogType, _ message: OSLogMessage) {
        let tag = subsystem.isEmpty && category.isEmpty ? "" : "[\(subsystem)\(category.isEmpty ? "" : ":\(category)")] "
        WidgetLog.log(level.hostLevel, tag + message.text)
    }

    public func log(_ message: OSLogMessage) { log(level: .default, message) }
    public func trace(_ message: OSLogMessage) { log(level: .debug, message) }
    public func debug(_ message: OSLogMessage) { log(level: .debug, message) }
    public func info(_ message: OSLogMessage) { log(level: .info, message) }
    public func notice(_ message: OSLogMessage) { log(level: .default, message) }
    public func warning(_ message: OSLogMessage) { log(level: .warning, message) }
    public func error(_ message: OSLogMessage) { log(level: .error, message) }
    public func critical(_ message: OSLogMessage) { log(level: .fault, message) }
    public func fault(_ message: OSLogMessage) { log(level: .fault, message) }
}

/// How much a message matters, in OSLog's five levels; the host's log has four, so `default`
/// (`notice`) is info there and `fault` is error. `Logger.warning` is the host's warning.
public struct OSLogType: Sendable, Equatable {
    private enum Level: Sendable { case debug, info, `default`, warning, error, fault }
    private let level: Level

    public static let debug = OSLogType(level: .debug)
    public static let info = OSLogType(level: .info)
    public static let `default` = OSLogType(level: .default)
    public static let error = OSLogType(level: .error)
    public static let fault = OSLogType(level: .fault)
    /// `Logger.warning`'s level: OSLog logs it as an error; the host's log has warnings of its own.
    static let warning = OSLogType(level: .warning)

    var hostLevel: WidgetLog.Level {
        switch level {
        case .debug: .debug
        case .info, .default: .info
        case .warning: .warning
        case .error, .fault: .error
        }
    }
}
