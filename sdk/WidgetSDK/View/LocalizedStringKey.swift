/// The key of a localized string, as SwiftUI's: what a string literal given to `Text` is, so
/// that `Text("\(count) pillars")` and `Text("\(ratio, specifier: "%.1f")")` compile as on iOS.
/// widgethost does not localize: the key, with its interpolations written out, is the text.
///
/// The interpolations that need Foundation's formatting (`specifier:`, `format:`,
/// `formatter:`) come with the SwiftUI module, which has Foundation.
public struct LocalizedStringKey: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The text, interpolations written out.
    public let key: String

    public init(_ value: String) {
        key = value
    }

    public init(stringLiteral value: String) {
        key = value
    }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.text
    }

    /// A key's interpolations, written out as the key is built.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        /// What has been written so far; `package` so that the SDK's other modules can append
        /// the interpolations they format.
        package var text = ""

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
    }
}

extension Text {
    /// Text for a localized string key: what a string literal given to `Text` is, as in
    /// SwiftUI. The key is the text (widgethost does not localize).
    public init(_ key: LocalizedStringKey) {
        self.init(verbatim: key.key)
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
