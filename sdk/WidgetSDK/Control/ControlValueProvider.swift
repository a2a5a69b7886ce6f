/// Gives a control the value its template draws: WidgetKit's `ControlValueProvider`.
///
///     struct DaysLeftValueProvider: ControlValueProvider {
///         var previewValue: Int { 42 }
///         func currentValue() async throws -> Int { … }
///     }
///
/// `previewValue` is drawn where iOS draws a preview (the host's placeholder and snapshot);
/// `currentValue()` for the control itself (its timeline). A throw from `currentValue()` is
/// logged and the preview value drawn instead, so the control still shows and works.
public protocol ControlValueProvider: Sendable {
    associatedtype Value

    /// A value to show at once, without fetching anything.
    var previewValue: Value { get }

    /// The value now.
    func currentValue() async throws -> Value
}

/// Gives a configurable control the value its template draws, for each instance's configuration:
/// WidgetKit's `AppIntentControlValueProvider`.
///
///     struct TimerProvider: AppIntentControlValueProvider {
///         func previewValue(configuration: TimerConfiguration) -> TimerState { .stopped }
///         func currentValue(configuration: TimerConfiguration) async throws -> TimerState { … }
///     }
public protocol AppIntentControlValueProvider: Sendable {
    associatedtype Value
    associatedtype Configuration: ControlConfigurationIntent

    /// A value to show at once for `configuration`, without fetching anything.
    func previewValue(configuration: Configuration) -> Value

    /// The value now for `configuration`.
    func currentValue(configuration: Configuration) async throws -> Value
}

/// The options a person sets on one instance of a configurable control: App Intents'
/// `ControlConfigurationIntent`, each option a stored property wrapped in `@Parameter`.
///
///     struct TimerConfiguration: ControlConfigurationIntent {
///         static let title: LocalizedStringResource = "Timer"
///         @Parameter(title: "Name", default: "Tea") var name: String
///     }
///
/// As for a widget's `WidgetConfigurationIntent`, the SDK writes the control's schema from
/// `Self()` and fills a fresh `Self()` from each call's configuration (docs/configuration.md).
/// It need not implement `perform()`.
public protocol ControlConfigurationIntent: AppIntent {
    static var description: IntentDescription { get }
}

extension ControlConfigurationIntent {
    public static var description: IntentDescription { IntentDescription("") }

    /// A configuration is not an action: performing it changes nothing.
    public func perform() async throws -> PerformedIntentResult { .result() }
}

extension ControlConfigurationIntent where Self: WidgetConfigurationIntent {
    /// One intent configuring both a widget and a control: one default, so that the two above
    /// do not compete.
    public static var description: IntentDescription { IntentDescription("") }
}
