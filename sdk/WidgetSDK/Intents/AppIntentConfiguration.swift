import WidgetPayload

/// A widget a person configures, one instance at a time, through the parameters of an intent:
/// WidgetKit's `AppIntentConfiguration`.
///
///     AppIntentConfiguration(kind: "SpotWidget", intent: SpotIntent.self, provider: Provider()) { entry in
///         SpotView(entry: entry)
///     }
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Provider: AppIntentTimelineProvider, Content: View>:
    SupportedFamiliesModifier, Sendable where Provider.Intent == Intent
{
    let kind: String
    let provider: Provider
    let content: @Sendable (Provider.Entry) -> Content
    public var _configurationTraits: _WidgetConfigurationTraits

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
        self._configurationTraits = _WidgetConfigurationTraits(displayName: kind)
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
