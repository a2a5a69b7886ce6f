/// Text for people, as App Intents spell it. Foundation on Linux has no `LocalizedStringResource`
/// (checked with swift 6.3's FoundationEssentials and Foundation), so the SDK defines the part
/// widget code uses: a string literal, with interpolation. widgethost does not localize: the
/// key is the text.
public struct LocalizedStringResource: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public let key: String

    public init(_ key: String) {
        self.key = key
    }

    public init(stringLiteral value: String) {
        key = value
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        key = String(stringInterpolation: stringInterpolation)
    }

    public var description: String { key }
}
