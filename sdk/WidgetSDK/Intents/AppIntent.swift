import WidgetPayload

/// An action a widget performs without opening its app: WidgetKit's `AppIntent`, as a
/// `Button(intent:)` or `Toggle(isOn:intent:)` runs it (iOS 17).
///
///     struct IncrementCountIntent: AppIntent {
///         static let title: LocalizedStringResource = "Increment"
///         @Parameter(title: "By", default: 1) var amount: Int
///         func perform() async throws -> some IntentResult {
///             ... write the new count to the App Group ...
///             return .result()
///         }
///     }
///
/// A bundle marked `@main` declares its intents without listing them: the SDK finds every
/// non-generic `AppIntent` in the bundle's metadata. One that writes `wk_bundle_entry` lists them
/// at export (`WidgetBundle.export(intents:)`). The host calls
/// `perform()` on a fresh `Self()` whose parameters it filled from the call (ABI 1.4's
/// `wk_bundle_t.perform`, docs/intents.md). A throw is the perform's failure, with the error's
/// description as its message.
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    static var title: LocalizedStringResource { get }
    init()
    func perform() async throws -> PerformResult
}

extension AppIntent {
    /// The name the intent is declared, performed and named in the view tree by: its type's.
    static var intentName: String { String(describing: Self.self) }

    /// What a control performs: this intent by name, with the values its parameters hold now.
    var controlAction: ControlAction {
        ControlAction(intent: Self.intentName, parameters: IntentParameters(of: self).configuration)
    }
}
