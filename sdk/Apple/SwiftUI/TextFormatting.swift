import Foundation
import WidgetSDK

// The interpolations and initialisers of `Text` that format with Foundation: here, with Apple's
// module names, which bring Foundation to a widget's files (WidgetSDK imports Foundation only
// for Core Graphics' geometry in `Path` and `Shape.path(in:)`, and re-exports none of it).

extension LocalizedStringKey.StringInterpolation {
    /// A number with a printf-style specifier: `"\(ratio, specifier: "%.1f")"`.
    public mutating func appendInterpolation<Value: CVarArg>(_ value: Value, specifier: String) {
        text += String(format: specifier, value)
    }

    /// A value in a format style: `"\(distance, format: .number.precision(.fractionLength(1)))"`.
    public mutating func appendInterpolation<Style: FormatStyle>(_ value: Style.FormatInput, format: Style) where Style.FormatOutput == String {
        text += format.format(value)
    }

    /// A value through a formatter: `"\(date, formatter: dateFormatter)"`.
    public mutating func appendInterpolation(_ value: Any, formatter: Formatter) {
        text += formatter.string(for: value) ?? ""
    }
}

extension Text {
    /// A value formatted by a format style: `Text(price, format: .currency(code: "EUR"))`.
    public init<Style: FormatStyle>(_ input: Style.FormatInput, format: Style) where Style.FormatOutput == String {
        self.init(verbatim: format.format(input))
    }

    /// A value formatted by a formatter: `Text(date, formatter: Self.dateFormatter)`.
    public init(_ subject: Any, formatter: Formatter) {
        self.init(verbatim: formatter.string(for: subject) ?? "")
    }
}
