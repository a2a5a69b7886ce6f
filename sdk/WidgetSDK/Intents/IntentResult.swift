/// What an `AppIntent`'s `perform()` returns: WidgetKit's `IntentResult`, made with
/// `return .result()`. A widget's intent returns nothing else: its effect is the data it wrote
/// and the reload that follows.
public protocol IntentResult: Sendable {}

/// The one result a widget's intent gives: it was performed.
public struct PerformedIntentResult: IntentResult {
    public init() {}
}

extension IntentResult where Self == PerformedIntentResult {
    /// The intent was performed (`return .result()`).
    public static func result() -> PerformedIntentResult { PerformedIntentResult() }
}
