/// How a value (an enum case, an entity) is shown to people.
public struct DisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    public var title: LocalizedStringResource
    public var subtitle: LocalizedStringResource?

    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil) {
        self.title = title
        self.subtitle = subtitle
    }

    public init(stringLiteral value: String) {
        self.init(title: LocalizedStringResource(value))
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(title: LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }
}

/// How a type of value (an enum, an entity type) is named to people.
public struct TypeDisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    public var name: LocalizedStringResource

    public init(name: LocalizedStringResource) {
        self.name = name
    }

    public init(stringLiteral value: String) {
        self.init(name: LocalizedStringResource(value))
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(name: LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }
}
