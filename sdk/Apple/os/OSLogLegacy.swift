import Foundation
import OSLog
import WidgetSDK

/// The log handle of `os_log`, iOS 10's API that widgets written before `Logger` still use:
/// `os_log("loaded %d", log: OSLog(subsystem: "…", category: "…"), type: .info, count)`.
/// Messages go to the host's log like `Logger`'s, tagged with the subsystem and category.
public final class OSLog: Sendable {
    let logger: Logger
    let isEnabled: Bool

    public init(subsystem: String, category: String) {
        logger = Logger(subsystem: subsystem, category: category)
        isEnabled = true
    }

    private init(logger: Logger, isEnabled: Bool) {
        self.logger = logger
        self.isEnabled = isEnabled
    }

    public static let `default` = OSLog(logger: Logger(), isEnabled: true)
    /// Drops every message, as on iOS.
    public static let disabled = OSLog(logger: Logger(), isEnabled: false)
}

extension Logger {
    /// A `Logger` writing where an `OSLog` handle writes, as `Logger(_:)` on iOS.
    public init(_ log: OSLog) {
        self = log.logger
    }
}

/// `os_log` with a printf-style format: `%d`, `%@`, `%s`, `%f`, with OSLog's `{public}` and
/// `{private}` qualifiers. As in Xcode's console while debugging, only `{private}` values are
/// redacted.
public func os_log(_ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default, type: OSLogType = .default, _ args: any CVarArg...) {
    write(OSLogFormat.render(message.description, args), to: log, type: type)
}

/// `os_log` with the level first, as iOS 12 added it.
public func os_log(_ type: OSLogType, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default, _ message: StaticString, _ args: any CVarArg...) {
    write(OSLogFormat.render(message.description, args), to: log, type: type)
}

/// `os_log` with an interpolated message, as iOS 14 added it.
public func os_log(_ type: OSLogType = .default, log: OSLog = .default, _ message: OSLogMessage) {
    guard log.isEnabled else { return }
    log.logger.log(level: type, message)
}

private func write(_ text: String, to log: OSLog, type: OSLogType) {
    guard log.isEnabled else { return }
    log.logger.log(level: type, "\(text, privacy: .public)")
}

/// os_log's format strings: each conversion is formatted on its own, so a `{private}` value is
/// replaced by `<private>` without shifting the others.
enum OSLogFormat {
    static func render(_ format: String, _ args: [any CVarArg]) -> String {
        var output = ""
        var remaining = args[...]
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            guard character == "%" else {
                output.append(character)
                index = format.index(after: index)
                continue
            }
            let specifierStart = index
            index = format.index(after: index)
            if index < format.endIndex, format[index] == "%" {
                output.append("%")
                index = format.index(after: index)
                continue
            }
            var qualifiers = ""
            if index < format.endIndex, format[index] == "{", let close = format[index...].firstIndex(of: "}") {
                qualifiers = String(format[format.index(after: index)..<close])
                index = format.index(after: close)
            }
            // Flags, width, precision and length, up to the conversion character.
            var specifier = "%"
            while index < format.endIndex, "-+ #0'123456789.*hlqLjzt".contains(format[index]) {
                specifier.append(format[index])
                index = format.index(after: index)
            }
            guard index < format.endIndex else {
                output += format[specifierStart...]
                break
            }
            specifier.append(format[index])
            index = format.index(after: index)
            guard let argument = remaining.popFirst() else {
                output += specifier
                continue
            }
            let redacted = qualifiers.split(separator: ",").contains { ["private", "sensitive"].contains($0.trimmingCharacters(in: .whitespaces)) }
            output += redacted ? "<private>" : String(format: specifier, argument)
        }
        return output
    }
}
