import Foundation
import WidgetPayload

/// `Text(date, style:)` as WidgetKit shows it at a moment: the bundle sends the date and the
/// style, and the host formats it against the moment it draws, so that counting styles count.
public enum DateText {
    /// `seconds`: since 1970. `.relative` and `.timer` show the distance either way; `.offset`
    /// signs it ("+" when the date is in the future).
    public static func string(seconds: Double, style: DateStyleName, now: Date, timeZone: TimeZone, locale: Locale) -> String {
        let date = Date(timeIntervalSince1970: seconds)
        let distance = date.timeIntervalSince(now)
        switch style {
        case .time:
            var format = Date.FormatStyle(date: .omitted, time: .shortened)
            format.locale = locale
            format.timeZone = timeZone
            return plainSpaces(date.formatted(format))
        case .date:
            var format = Date.FormatStyle(date: .long, time: .omitted)
            format.locale = locale
            format.timeZone = timeZone
            return plainSpaces(date.formatted(format))
        case .relative:
            // "2 hr, 5 min": the two largest units, abbreviated, no "ago" (WidgetKit's style).
            return units(abs(distance), width: .abbreviated, count: 2, locale: locale)
        case .offset:
            return (distance < 0 ? "-" : "+") + units(abs(distance), width: .wide, count: 1, locale: locale)
        case .timer:
            return timer(abs(distance))
        }
    }

    private static func units(_ interval: TimeInterval, width: Duration.UnitsFormatStyle.UnitWidth, count: Int, locale: Locale) -> String {
        let whole = Int64(interval.rounded(.down))
        let style = Duration.UnitsFormatStyle(
            allowedUnits: [.days, .hours, .minutes, .seconds], width: width, maximumUnitCount: count,
            fractionalPart: .hide(rounded: .down)
        ).locale(locale)
        return plainSpaces(Duration.seconds(whole).formatted(style))
    }

    /// "2:05:09" from an hour up, "5:09" below it.
    private static func timer(_ interval: TimeInterval) -> String {
        let total = Int(interval.rounded(.down))
        let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(seconds))" : "\(minutes):\(two(seconds))"
    }

    /// ICU writes a narrow no-break space before "PM" and in places like "2 hr"; a plain space
    /// draws the same in every font and keeps terminal output and comparisons simple.
    private static func plainSpaces(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ")
    }
}
