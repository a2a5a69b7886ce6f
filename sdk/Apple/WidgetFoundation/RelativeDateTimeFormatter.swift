import Foundation

/// Foundation's `RelativeDateTimeFormatter` ("in 2 hours", "yesterday", "3 min. ago"), which
/// Linux's Foundation lacks and widgets use for "updated …" lines. English, as the host draws
/// it; the unit is the largest calendar unit that is not zero, as on iOS ("1 day" for 1 day and
/// 23 hours).
open class RelativeDateTimeFormatter: Formatter, @unchecked Sendable {
    // Unchecked: as Foundation's formatters, it is configured before use and then only read; the
    // class is open for Apple's API and so cannot be checked.

    public enum DateTimeStyle: Int, Sendable {
        /// "in 1 day", "1 day ago".
        case numeric
        /// "tomorrow", "yesterday", "now", "next week", where the language has a word for it.
        case named
    }

    public enum UnitsStyle: Int, Sendable {
        /// "in 2 hours".
        case full
        /// "in two hours".
        case spellOut
        /// "in 2 hr.".
        case short
        /// "in 2h".
        case abbreviated
    }

    open var dateTimeStyle: DateTimeStyle = .numeric
    open var unitsStyle: UnitsStyle = .full
    open var calendar: Calendar = .current
    open var locale: Locale = .current

    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// `date` relative to `referenceDate`.
    open func localizedString(for date: Date, relativeTo referenceDate: Date) -> String {
        let components = calendar.dateComponents([.year, .month, .weekOfMonth, .day, .hour, .minute, .second], from: referenceDate, to: date)
        return localizedString(from: components)
    }

    /// A time interval from now: negative is past.
    open func localizedString(fromTimeInterval timeInterval: TimeInterval) -> String {
        let now = Date()
        return localizedString(for: now.addingTimeInterval(timeInterval), relativeTo: now)
    }

    /// The largest unit of `dateComponents` that is not zero.
    open func localizedString(from dateComponents: DateComponents) -> String {
        let units: [(Unit, Int?)] = [
            (.year, dateComponents.year), (.month, dateComponents.month), (.week, dateComponents.weekOfMonth ?? dateComponents.weekOfYear),
            (.day, dateComponents.day), (.hour, dateComponents.hour), (.minute, dateComponents.minute), (.second, dateComponents.second),
        ]
        guard let (unit, value) = units.first(where: { ($0.1 ?? 0) != 0 }).map({ ($0.0, $0.1!) }) else {
            return dateTimeStyle == .named ? "now" : phrase(0, .second)
        }
        if dateTimeStyle == .named, let word = unit.namedWord(for: value) {
            return word
        }
        return phrase(value, unit)
    }

    /// A `Date` relative to now, as `Formatter.string(for:)` answers; nil for anything else.
    open override func string(for obj: Any?) -> String? {
        guard let date = obj as? Date else { return nil }
        return localizedString(for: date, relativeTo: Date())
    }

    private func phrase(_ value: Int, _ unit: Unit) -> String {
        let amount = abs(value)
        let quantity: String
        switch unitsStyle {
        case .full: quantity = "\(amount) \(amount == 1 ? unit.rawValue : unit.rawValue + "s")"
        case .spellOut: quantity = "\(Self.spelledOut(amount)) \(amount == 1 ? unit.rawValue : unit.rawValue + "s")"
        case .short: quantity = "\(amount) \(unit.short)"
        case .abbreviated: quantity = "\(amount)\(unit.abbreviated)"
        }
        return value < 0 ? "\(quantity) ago" : "in \(quantity)"
    }

    private static func spelledOut(_ number: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .spellOut
        formatter.locale = Locale(identifier: "en_US")
        return formatter.string(from: NSNumber(value: number)) ?? String(number)
    }

    private enum Unit: String {
        case year, month, week, day, hour, minute, second

        var short: String {
            switch self {
            case .year: "yr."
            case .month: "mo."
            case .week: "wk."
            case .day: "day"
            case .hour: "hr."
            case .minute: "min."
            case .second: "sec."
            }
        }

        var abbreviated: String {
            switch self {
            case .year: "y"
            case .month: "mo"
            case .week: "w"
            case .day: "d"
            case .hour: "h"
            case .minute: "m"
            case .second: "s"
            }
        }

        /// English's words for one unit away, as Foundation's named style uses them.
        func namedWord(for value: Int) -> String? {
            switch (self, value) {
            case (.day, 1): "tomorrow"
            case (.day, -1): "yesterday"
            case (.week, 1), (.month, 1), (.year, 1): "next \(rawValue)"
            case (.week, -1), (.month, -1), (.year, -1): "last \(rawValue)"
            default: nil
            }
        }
    }
}
