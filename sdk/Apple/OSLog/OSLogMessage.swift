import WidgetSDK

/// A log message built by string interpolation, with OSLog's privacy and format arguments
/// accepted where widgets write them: `"\(name, privacy: .public)"`, `"\(ratio, format: .fixed(precision: 2))"`.
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral, Sendable {
    let text: String

    public init(stringLiteral value: String) {
        text = value
    }

    public init(stringInterpolation: OSLogInterpolation) {
        text = stringInterpolation.text
    }
}

public struct OSLogInterpolation: StringInterpolationProtocol, Sendable {
    var text = ""

    public init(literalCapacity: Int, interpolationCount: Int) {
        text.reserveCapacity(literalCapacity + interpolationCount * 8)
    }

    public mutating func appendLiteral(_ literal: String) {
        text += literal
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> String, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        append(privacy) { align.apply(to: value()) }
    }

    public mutating func appendInterpolation<Value: CustomStringConvertible>(
        _ value: @autoclosure () -> Value, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        append(privacy) { align.apply(to: value().description) }
    }

    public mutating func appendInterpolation<Integer: FixedWidthInteger>(
        _ value: @autoclosure () -> Integer, format: OSLogIntegerFormatting = .decimal, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append(privacy) { align.apply(to: format.text(of: value())) }
    }

    public mutating func appendInterpolation(
        _ value: @autoclosure () -> Double, format: OSLogFloatFormatting = .fixed, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append(privacy) { align.apply(to: format.text(of: value())) }
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> Bool, format: OSLogBoolFormat = .truth, privacy: OSLogPrivacy = .auto) {
        append(privacy) { format == .answer ? (value() ? "YES" : "NO") : (value() ? "true" : "false") }
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> any Error, privacy: OSLogPrivacy = .auto) {
        append(privacy) { "\(value())" }
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> Any.Type, privacy: OSLogPrivacy = .auto) {
        append(privacy) { String(describing: value()) }
    }

    /// Anything else, as `String(describing:)` writes it (optionals, enums, structs).
    public mutating func appendInterpolation<Value>(_ value: @autoclosure () -> Value, privacy: OSLogPrivacy = .auto) {
        append(privacy) { String(describing: value()) }
    }

    private mutating func append(_ privacy: OSLogPrivacy, _ value: () -> String) {
        text += privacy.isRedacted ? "<private>" : value()
    }
}

/// Whether a value may be shown. On iOS, dynamic values are redacted in logs read off the device;
/// here, as in Xcode's console while debugging, only `.private` and `.sensitive` are.
public struct OSLogPrivacy: Sendable, Equatable {
    public enum Mask: Sendable, Equatable { case hash, none }

    let isRedacted: Bool

    public static let auto = OSLogPrivacy(isRedacted: false)
    public static let `public` = OSLogPrivacy(isRedacted: false)
    public static let `private` = OSLogPrivacy(isRedacted: true)
    public static let sensitive = OSLogPrivacy(isRedacted: true)

    public static func auto(mask: Mask) -> OSLogPrivacy { .auto }
    public static func `private`(mask: Mask) -> OSLogPrivacy { .private }
    public static func sensitive(mask: Mask) -> OSLogPrivacy { .sensitive }
}

public struct OSLogStringAlignment: Sendable {
    private let width: Int

    public static let none = OSLogStringAlignment(width: 0)
    /// Padded on the left to `columns` characters.
    public static func right(columns: Int) -> OSLogStringAlignment { OSLogStringAlignment(width: columns) }
    /// Padded on the right to `columns` characters.
    public static func left(columns: Int) -> OSLogStringAlignment { OSLogStringAlignment(width: -columns) }

    func apply(to text: String) -> String {
        let padding = String(repeating: " ", count: max(0, abs(width) - text.count))
        return width >= 0 ? padding + text : text + padding
    }
}

public struct OSLogIntegerFormatting: Sendable {
    private enum Radix: Sendable { case decimal, hex, octal }
    private let radix: Radix
    private let uppercase: Bool

    public static let decimal = OSLogIntegerFormatting(radix: .decimal, uppercase: false)
    public static let hex = OSLogIntegerFormatting(radix: .hex, uppercase: false)
    public static let octal = OSLogIntegerFormatting(radix: .octal, uppercase: false)
    public static func decimal(explicitPositiveSign: Bool = false, minDigits: Int = 0) -> OSLogIntegerFormatting { .decimal }
    public static func hex(explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false, minDigits: Int = 0) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(radix: .hex, uppercase: uppercase)
    }

    func text<Integer: FixedWidthInteger>(of value: Integer) -> String {
        switch radix {
        case .decimal: String(value)
        case .hex: String(value, radix: 16, uppercase: uppercase)
        case .octal: String(value, radix: 8)
        }
    }
}

public struct OSLogFloatFormatting: Sendable {
    private let precision: Int?

    /// As `description` writes the number.
    public static let fixed = OSLogFloatFormatting(precision: nil)
    public static func fixed(precision: @autoclosure () -> Int, explicitPositiveSign: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(precision: max(0, min(precision(), 17)))
    }

    func text(of value: Double) -> String {
        guard let precision, value.isFinite else { return value.description }
        // Rounded half away from zero to `precision` digits, without Foundation's String(format:).
        let scale = (0..<precision).reduce(1.0) { factor, _ in factor * 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int64(exactly: (scaled / scale).rounded(.towardZero)) ?? 0
        var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
        if precision > 0 {
            let fraction = Int64(exactly: scaled - Double(whole) * scale) ?? 0
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: max(0, precision - digits.count)) + digits
        }
        return text
    }
}

public enum OSLogBoolFormat: Sendable, Equatable {
    case truth, answer
}
