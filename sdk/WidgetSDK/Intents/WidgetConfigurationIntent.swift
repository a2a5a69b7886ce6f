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
    /// The type of `parameterSummary`: inferred from `some ParameterSummary`.
    associatedtype SummaryContent: ParameterSummary = NoParameterSummary
    static var title: LocalizedStringResource { get }
    static var description: IntentDescription { get }
    /// The sentence at the top of the edit sheet (ParameterSummary.swift); none by default, and
    /// the sheet then lists every parameter.
    static var parameterSummary: SummaryContent { get }
    init()
}

extension WidgetConfigurationIntent {
    public static var description: IntentDescription { IntentDescription("") }
}

extension WidgetConfigurationIntent where SummaryContent == NoParameterSummary {
    public static var parameterSummary: NoParameterSummary { NoParameterSummary() }
}

/// The summary of an intent that declares none.
public struct NoParameterSummary: ParameterSummary {
    public init() {}
}

extension AppIntent where Self: WidgetConfigurationIntent {
    /// A configuration intent also declared an `AppIntent` performs nothing unless it says what:
    /// App Intents' default, so such an intent compiles without `perform()`.
    public func perform() async throws -> some IntentResult {
        .result()
    }
}
