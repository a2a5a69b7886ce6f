/// The options a person sets on one instance of a configurable widget: WidgetKit's
/// `WidgetConfigurationIntent`. Each option is a stored property wrapped in `@Parameter`.
///
///     struct SpotIntent: WidgetConfigurationIntent {
///         static let title: LocalizedStringResource = "Fishing spot"
///         @Parameter(title: "Spot") var spot: SpotEntity?
///         @Parameter(title: "Show wind", default: true) var showsWind: Bool
///     }
///
/// The SDK reads the parameters of `Self()` to write the kind's schema, and fills a fresh
/// `Self()` from each call's configuration (docs/configuration.md).
public protocol WidgetConfigurationIntent: Sendable {
    static var title: LocalizedStringResource { get }
    static var description: IntentDescription { get }
    init()
}

extension WidgetConfigurationIntent {
    public static var description: IntentDescription { IntentDescription("") }
}

extension AppIntent where Self: WidgetConfigurationIntent {
    /// A configuration intent also declared an `AppIntent` performs nothing unless it says what:
    /// App Intents' default, so such an intent compiles without `perform()`.
    public func perform() async throws -> some IntentResult {
        .result()
    }
}
