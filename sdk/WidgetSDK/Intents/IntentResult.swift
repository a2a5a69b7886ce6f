/// What an `AppIntent`'s `perform()` returns: WidgetKit's `IntentResult`, made with
/// `return .result()`. A widget's intent has its effect through the data it wrote and the reload
/// that follows.
///
/// An intent an app shares with Siri and Shortcuts may also return a value, a dialog and a
/// snippet view (`some IntentResult & ReturnsValue<Int> & ProvidesDialog & ShowsSnippetView`).
/// Those compile as on iOS and are carried by the result; the host has no Siri or Shortcuts to
/// show them to, so performing such an intent from a widget does what its code does, and the
/// value, dialog and view go no further.
public protocol IntentResult: Sendable {}

/// A result that hands a value back to whoever ran the intent (Shortcuts, on iOS).
public protocol ReturnsValue<Value>: IntentResult {
    associatedtype Value
}

/// A result with something for Siri to say.
public protocol ProvidesDialog: IntentResult {}

/// A result with a view for Siri or Shortcuts to show.
public protocol ShowsSnippetView: IntentResult {}

/// A result that runs another intent next.
public protocol OpensIntent: IntentResult {}

/// What Siri says about a result: `IntentDialog("3 days left")`.
public struct IntentDialog: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// What is said in full.
    public let full: String
    /// What is shown beside a snippet view, when that differs.
    public let supporting: String

    public init(full: LocalizedStringResource, supporting: LocalizedStringResource) {
        self.full = full.key
        self.supporting = supporting.key
    }

    public init(_ text: LocalizedStringResource) {
        self.init(full: text, supporting: text)
    }

    public init(stringLiteral value: String) {
        self.init(LocalizedStringResource(stringLiteral: value))
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(LocalizedStringResource(stringLiteral: String(stringInterpolation: stringInterpolation)))
    }
}

/// The one result a widget's intent gives: it was performed.
public struct PerformedIntentResult: IntentResult {
    public init() {}
}

extension IntentResult where Self == PerformedIntentResult {
    /// The intent was performed (`return .result()`).
    public static func result() -> PerformedIntentResult { PerformedIntentResult() }
}

/// A result with any of a value, a dialog and a snippet view, as Siri's intents return them.
/// The snippet is not kept: nothing here shows it.
public struct SiriIntentResult<Value>: ReturnsValue, ProvidesDialog, ShowsSnippetView, OpensIntent, @unchecked Sendable {
    // Unchecked: `Value` is whatever the intent returns, often not `Sendable`; the result is
    // made by `perform()` and then only dropped by the SDK, never shared.
    public let value: Value?
    public let dialog: IntentDialog?
}

extension IntentResult {
    /// A value for Shortcuts.
    public static func result<Value>(value: Value) -> Self where Self == SiriIntentResult<Value> {
        SiriIntentResult(value: value, dialog: nil)
    }

    /// A value, and what Siri says.
    public static func result<Value>(value: Value, dialog: IntentDialog) -> Self where Self == SiriIntentResult<Value> {
        SiriIntentResult(value: value, dialog: dialog)
    }

    /// A value, what Siri says, and a view to show with it.
    public static func result<Value, Content: View>(
        value: Value, dialog: IntentDialog, @ViewBuilder view: () -> Content
    ) -> Self where Self == SiriIntentResult<Value> {
        SiriIntentResult(value: value, dialog: dialog)
    }

    /// What Siri says.
    public static func result(dialog: IntentDialog) -> Self where Self == SiriIntentResult<Never> {
        SiriIntentResult(value: nil, dialog: dialog)
    }

    /// What Siri says, and a view to show with it.
    public static func result<Content: View>(dialog: IntentDialog, @ViewBuilder view: () -> Content) -> Self
        where Self == SiriIntentResult<Never>
    {
        SiriIntentResult(value: nil, dialog: dialog)
    }

    /// A view to show.
    public static func result<Content: View>(@ViewBuilder view: () -> Content) -> Self where Self == SiriIntentResult<Never> {
        SiriIntentResult(value: nil, dialog: nil)
    }
}

/// An App Intent that replaces a SiriKit intent of an older version of the app, so shortcuts made
/// with the old one keep working on iOS. Here it only names that class.
public protocol CustomIntentMigratedAppIntent: AppIntent {
    static var intentClassName: String { get }
}
