/// What an intent does, shown beside its title: App Intents' `IntentDescription`.
public struct IntentDescription: Sendable, Hashable, ExpressibleByStringInterpolation {
    public let descriptionText: LocalizedStringResource

    public init(_ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil) {
        self.descriptionText = descriptionText
    }

    public init(stringLiteral value: String) {
        descriptionText = LocalizedStringResource(value)
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        descriptionText = LocalizedStringResource(String(stringInterpolation: stringInterpolation))
    }
}
