import WidgetPayload

/// A widget a person configures, one instance at a time, through the parameters of an intent:
/// WidgetKit's `AppIntentConfiguration`.
///
///     AppIntentConfiguration(kind: "SpotWidget", intent: SpotIntent.self, provider: Provider()) { entry in
///         SpotView(entry: entry)
///     }
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Provider: AppIntentTimelineProvider, Content: View>:
    WidgetConfiguration, Sendable where Provider.Intent == Intent
{
    let kind: String
    let provider: Provider
    let content: @Sendable (Provider.Entry) -> Content
    var displayName: String
    var widgetDescription: String
    var families: [WidgetFamily]
    var isContentMarginsDisabled = false

    /// - Parameters:
    ///   - kind: Identifies the widget; unique among every bundle a host loads.
    ///   - intent: The intent whose `@Parameter`s configure each instance.
    ///   - provider: Supplies the widget's entries for an instance's configuration.
    ///   - content: The view that shows an entry, in the family asked for.
    public init(
        kind: String, intent: Intent.Type = Intent.self, provider: Provider,
        @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content
    ) {
        self.kind = kind
        self.provider = provider
        self.content = content
        self.displayName = kind
        self.widgetDescription = ""
        // WidgetKit's default on a phone, as StaticConfiguration's.
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

    /// The view fills the whole widget rather than the area inside the family's content margins.
    public func contentMarginsDisabled() -> Self {
        var copy = self
        copy.isContentMarginsDisabled = true
        return copy
    }

    /// How each entry's view is evaluated for `family`: never nil, a configurable widget always
    /// has a view (optional as `ExportableConfiguration` asks).
    func entryView(for family: WidgetFamily) -> (@Sendable (Provider.Entry) -> ViewTree)? {
        let content = content
        let marginsDisabled = isContentMarginsDisabled
        return { entry in
            ViewEvaluation.tree(family: family, contentMarginsDisabled: marginsDisabled) { content(entry) }
        }
    }

    /// The kind's schema, with the provider's recommendations.
    var schema: ConfigurationSchema {
        IntentSchema.schema(of: Intent.self, recommendations: provider.recommendations())
    }
}
