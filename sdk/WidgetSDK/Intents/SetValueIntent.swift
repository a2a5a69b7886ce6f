/// An intent that sets a value: what a `Toggle(isOn:intent:)` runs in WidgetKit. A click on the
/// toggle performs it with `value` set to the toggle's new state.
///
///     struct SetLightIntent: SetValueIntent {
///         static let title: LocalizedStringResource = "Light"
///         @Parameter(title: "On") var value: Bool
///         init() {}
///         func perform() async throws -> some IntentResult { … write value … ; return .result() }
///     }
public protocol SetValueIntent: AppIntent {
    associatedtype ValueType
    var value: ValueType { get set }
}
