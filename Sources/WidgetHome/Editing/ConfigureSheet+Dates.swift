import Foundation
import WidgetPayload

/// A date parameter's picker in Edit Widget: Enter (or a click) on its row opens steppers under it
/// that move the date a day, an hour or five minutes back or on, in the sheet's time zone, as
/// iOS's wheels do; an optional date also offers None. A date not set yet starts from the hour the
/// sheet was opened in. The value is kept as the configuration spells dates: seconds since 1970.
extension ConfigureSheet {
    /// What a stepper moves.
    public enum DateComponent: String, Sendable, Hashable, CaseIterable {
        case day, hour
        /// Five minutes, as a `DatePicker`'s common `minuteInterval`.
        case minutes

        public var title: String {
            switch self {
            case .day: "Day"
            case .hour: "Hour"
            case .minutes: "5 min"
            }
        }
    }

    /// The date a parameter holds (nil: none).
    public func date(of parameter: ConfigurationParameter) -> Date? {
        switch configuration[parameter.name] ?? parameter.defaultValue {
        case .integer(let seconds)?: Date(timeIntervalSince1970: Double(seconds))
        case .number(let seconds)? where seconds.isFinite: Date(timeIntervalSince1970: seconds)
        default: nil
        }
    }

    /// The row's value: the weekday, date and time in the sheet's time zone, with the zone's
    /// abbreviation, as the person reads a clock; "None" when unset.
    func dateText(for parameter: ConfigurationParameter) -> String {
        guard let date = date(of: parameter) else { return "None" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE d MMM yyyy, HH:mm zzz"
        return formatter.string(from: date)
    }

    /// The steppers' targets under an open date row, in the order drawn: each component back,
    /// then on.
    static func dateSteps(_ parameter: String) -> [SheetTarget] {
        DateComponent.allCases.flatMap { component in
            [SheetTarget.dateStep(parameter: parameter, component: component, forward: false),
             .dateStep(parameter: parameter, component: component, forward: true)]
        }
    }

    /// A stepper pressed: the date moves by its component, from the hour the sheet opened in
    /// when it had none.
    mutating func step(_ name: String, _ component: DateComponent, forward: Bool) -> Outcome {
        guard let parameter = kind.parameters.first(where: { $0.name == name }), parameter.type == .date else { return .redraw }
        focus = .dateStep(parameter: name, component: component, forward: forward)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start = date(of: parameter) ?? calendar.dateInterval(of: .hour, for: openedAt)?.start ?? openedAt
        let amount = forward ? 1 : -1
        let moved = switch component {
        case .day: calendar.date(byAdding: .day, value: amount, to: start)
        case .hour: start.addingTimeInterval(Double(amount) * 3600)
        case .minutes: start.addingTimeInterval(Double(amount) * 300)
        }
        guard let moved else { return .redraw }
        configuration[name] = .number(moved.timeIntervalSince1970.rounded())
        return valuesChanged()
    }
}
