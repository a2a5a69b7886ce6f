/// A widget with no user-configurable options, described by its kind and its provider.
public struct StaticConfiguration<Provider: TimelineProvider>: WidgetConfiguration {
    let kind: String
    let provider: Provider
    var displayName: String
    var widgetDescription: String
    var families: [WidgetFamily]

    /// - Parameters:
    ///   - kind: Identifies the widget; unique among every bundle a host loads.
    ///   - provider: Supplies the widget's entries.
    public init(kind: String, provider: Provider) {
        self.kind = kind
        self.provider = provider
        self.displayName = kind
        self.widgetDescription = ""
        // WidgetKit's default on a phone: the three system families.
        self.families = [.systemSmall, .systemMedium, .systemLarge]
    }

    /// The name shown for the widget in galleries.
    public func configurationDisplayName(_ displayName: String) -> Self {
        var copy = self
        copy.displayName = displayName
        return copy
    }

    /// The description shown for the widget in galleries.
    public func description(_ description: String) -> Self {
        var copy = self
        copy.widgetDescription = description
        return copy
    }

    /// The families the widget supports, in order of preference; the first is the default.
    public func supportedFamilies(_ families: [WidgetFamily]) -> Self {
        var copy = self
        copy.families = families
        return copy
    }
}
