/// Tells the host when to update a configurable widget, for the configuration of each instance:
/// WidgetKit's `AppIntentTimelineProvider`. The configuration arrives as the typed intent.
public protocol AppIntentTimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: WidgetConfigurationIntent
    typealias Context = TimelineProviderContext

    /// A generic entry, shown while the widget loads. Synchronous; return at once.
    func placeholder(in context: Context) -> Entry

    /// The entry for now, for this configuration; quick, with sample data when `context.isPreview`.
    func snapshot(for configuration: Intent, in context: Context) async -> Entry

    /// Entries for now and later for this configuration, and when to ask again.
    func timeline(for configuration: Intent, in context: Context) async -> Timeline<Entry>

    /// Ready-made configurations, for hosts without a configuration screen.
    func recommendations() -> [AppIntentRecommendation<Intent>]
}

extension AppIntentTimelineProvider {
    public func recommendations() -> [AppIntentRecommendation<Intent>] { [] }
}
