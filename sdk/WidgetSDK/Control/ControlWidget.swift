/// A control for Control Center, the Lock Screen or the Action button: WidgetKit's
/// `ControlWidget` (iOS 18), listed in a `WidgetBundle`'s body beside its widgets.
///
///     struct DaysLeftControl: ControlWidget {
///         var body: some ControlWidgetConfiguration {
///             StaticControlConfiguration(kind: "DaysLeft", provider: DaysLeftValueProvider()) { value in
///                 ControlWidgetButton(action: OpenAppIntent()) {
///                     Label("\(value) days", systemImage: "calendar")
///                 }
///             }
///             .displayName("Days Left")
///         }
///     }
///
/// This host has none of those places: each control is exported as a widget of its kind in
/// the `accessoryCircular` family, drawn as iOS draws a small control and performing its action
/// when clicked (docs/intents.md, "Control widgets").
public protocol ControlWidget {
    associatedtype Body: ControlWidgetConfiguration
    init()
    var body: Body { get }
}

/// A type that describes a control: in widgethost, a `StaticControlConfiguration` or an
/// `AppIntentControlConfiguration`.
public protocol ControlWidgetConfiguration {}

/// Asks the host to reload controls, as WidgetKit's `ControlCenter` does: a control is a widget
/// here, so this reloads the widget of its kind (`WidgetCenter`).
public final class ControlCenter: Sendable {
    public static let shared = ControlCenter()

    private init() {}

    /// Asks for the control of `kind` to be drawn again with its current value.
    @discardableResult
    public func reloadControls(ofKind kind: String) -> Bool {
        WidgetCenter.shared.reloadTimelines(ofKind: kind)
    }

    /// Asks for all of this bundle's controls (and, here, its widgets) to be drawn again.
    @discardableResult
    public func reloadAllControls() -> Bool {
        WidgetCenter.shared.reloadAllTimelines()
    }
}
