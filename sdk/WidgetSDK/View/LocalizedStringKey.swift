import FoundationEssentials
import WidgetPayload

/// The key of a localized string, as SwiftUI's: what a string literal given to `Text` is, so
/// that `Text("\(count) pillars")` and `Text("\(ratio, specifier: "%.1f")")` compile as on iOS.
/// widgethost does not localize: the key, with its interpolations written out, is the text.
///
/// The interpolations that need Foundation's formatting (`specifier:`, `format:`,
/// `formatter:`) come with the SwiftUI module, which has Foundation.
public struct LocalizedStringKey: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The text, interpolations written out.
    public let key: String
    /// The text as runs, when it interpolates a date the host keeps formatting
    /// (`"Updated \(date, style: .relative) ago"`); nil for a plain string.
    let runs: [TextRun]?

    public init(_ value: String) {
        key = value
        runs = nil
    }

    public init(stringLiteral value: String) {
        key = value
        runs = nil
    }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.text
        runs = stringInterpolation.runs.isEmpty ? nil : stringInterpolation.runs + stringInterpolation.pendingRun
    }

    /// A key's interpolations, written out as the key is built.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        /// What has been written so far; `package` so that the SDK's other modules can append
        /// the interpolations they format.
        package var text = ""
        /// The runs so far, once a date has been interpolated; the text after the last date
        /// (from `textInRuns` on) is not in them yet.
        fileprivate var runs: [TextRun] = []
        private var textInRuns = 0

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 4)
        }

        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// A value as `String(describing:)` writes it, as a string interpolation would.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            text += String(describing: value)
        }

        /// A string, as it is.
        public mutating func appendInterpolation(_ string: String) {
            text += string
        }

        /// A date the host formats and keeps counting, as `Text(_:style:)` does:
        /// `Text("Updated \(date, style: .relative) ago")`.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            runs += pendingRun
            runs.append(TextRun(Text(date, style: style).content))
            text += "\(date.timeIntervalSince1970)"
            textInRuns = text.utf8.count
        }

        /// The text after the last date, as a run.
        fileprivate var pendingRun: [TextRun] {
            let pending = String(decoding: text.utf8.dropFirst(textInRuns), as: UTF8.self)
            return pending.isEmpty ? [] : [TextRun(.verbatim(pending))]
        }
    }
}

extension Text {
    /// Text for a localized string key: what a string literal given to `Text` is, as in
    /// SwiftUI. The key is the text (widgethost does not localize).
    public init(_ key: LocalizedStringKey) {
        if let runs = key.runs {
            self.init(content: .runs(runs), modifiers: [])
        } else {
            self.init(verbatim: key.key)
        }
    }

    /// Text for an App Intents string resource, such as an intent's title.
    public init(_ resource: LocalizedStringResource) {
        self.init(verbatim: resource.key)
    }
}

extension View {
    /// The view's identity, for SwiftUI's diffing and transitions between renders. A widget's
    /// entries are drawn each on its own, so it changes nothing drawn, as on iOS.
    public func id<ID: Hashable>(_ id: ID) -> Self {
        self
    }
}
