import WidgetPayload

/// WidgetKit's modifiers of a widget's configuration: the name and description galleries show,
/// and whether the view fills the whole widget. `StaticConfiguration`, `AppIntentConfiguration`,
/// `IntentConfiguration` and `ActivityConfiguration` share them; each returns a copy of the
/// configuration with the value set.
///
///     StaticConfiguration(kind: "CounterWidget", provider: Provider()) { entry in
///         CounterWidgetView(entry: entry)
///     }
///     .configurationDisplayName("Counter")
///     .description("Counts taps.")
public protocol WidgetConfigurationModifiers: WidgetConfiguration {
    /// What the modifiers set; the SDK's, not to be used by a widget.
    var _configurationTraits: _WidgetConfigurationTraits { get set }
}

/// WidgetKit's `supportedFamilies(_:)`: the families a home screen widget comes in. A Live
/// Activity's configuration has its own (`ActivityConfiguration/supplementalActivityFamilies(_:)`).
public protocol SupportedFamiliesModifier: WidgetConfigurationModifiers {}

/// What a widget configuration's modifiers set (`WidgetConfigurationModifiers`): the SDK's, not to
/// be used by a widget.
public struct _WidgetConfigurationTraits: Sendable {
    var displayName: String
    var description = ""
    // WidgetKit's default on a phone: the three system families.
    var families: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
    var isContentMarginsDisabled = false

    /// A widget named `displayName` (its kind, until `configurationDisplayName(_:)`).
    init(displayName: String) {
        self.displayName = displayName
    }
}

extension WidgetConfigurationModifiers {
    /// The name shown for the widget in galleries.
    public func configurationDisplayName(_ displayName: String) -> Self {
        var copy = self
        copy._configurationTraits.displayName = displayName
        return copy
    }

    /// The description shown for the widget in galleries.
    public func description(_ description: String) -> Self {
        var copy = self
        copy._configurationTraits.description = description
        return copy
    }

    /// The view fills the whole widget rather than the area inside the family's content
    /// margins (for a full-bleed image; pad the content yourself).
    public func contentMarginsDisabled() -> Self {
        var copy = self
        copy._configurationTraits.isContentMarginsDisabled = true
        return copy
    }

    var displayName: String { _configurationTraits.displayName }
    var widgetDescription: String { _configurationTraits.description }
    var families: [WidgetFamily] { _configurationTraits.families }
    var isContentMarginsDisabled: Bool { _configurationTraits.isContentMarginsDisabled }
}

extension SupportedFamiliesModifier {
    /// The families the widget supports, in order of preference; the first is the default.
    public func supportedFamilies(_ families: [WidgetFamily]) -> Self {
        var copy = self
        copy._configurationTraits.families = families
        return copy
    }
}
