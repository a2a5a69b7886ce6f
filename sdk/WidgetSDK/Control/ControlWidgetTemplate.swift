import WidgetPayload

/// What a control draws: WidgetKit's `ControlWidgetTemplate`, made by `ControlWidgetButton` or
/// `ControlWidgetToggle` in a control configuration's content closure.
///
/// There is no Control Center on this host: a template is drawn as the widget its control is
/// exported as (docs/intents.md, "Control widgets"), the way iOS draws a small control, its
/// symbol in a circle that performs the control's action when clicked.
///
/// A template type is usable from any thread (`SendableMetatype`), as a view type is: a
/// control is drawn on whichever thread its value arrives on.
public protocol ControlWidgetTemplate: SendableMetatype {
    associatedtype _Face: View

    /// The SDK's own: the template drawn as a widget's view. Do not implement or call it.
    var _face: _Face { get }
}

extension ControlWidgetTemplate {
    /// The colour the control is drawn in when on (a toggle) or when prominent: iOS tints a
    /// control's symbol and plate with it.
    public func tint(_ color: Color?) -> some ControlWidgetTemplate {
        TintedControlTemplate(base: self, color: color)
    }
}

/// A template with `tint(_:)` applied.
struct TintedControlTemplate<Base: ControlWidgetTemplate>: ControlWidgetTemplate {
    let base: Base
    let color: Color?

    @ViewBuilder var _face: some View { base._face.tint(color) }
}

/// One of two templates, for a content closure that branches.
public struct _ConditionalControlTemplate<First: ControlWidgetTemplate, Second: ControlWidgetTemplate>: ControlWidgetTemplate {
    enum Branch {
        case first(First)
        case second(Second)
    }

    let branch: Branch

    @ViewBuilder public var _face: some View {
        switch branch {
        case .first(let first): first._face
        case .second(let second): second._face
        }
    }
}

/// Builds a control's template from its content closure: WidgetKit's
/// `ControlWidgetTemplateBuilder`. The closure gives one template, maybe chosen by `if`/`else`.
@resultBuilder
public enum ControlWidgetTemplateBuilder {
    public static func buildBlock<Content: ControlWidgetTemplate>(_ content: Content) -> Content {
        content
    }

    public static func buildEither<First: ControlWidgetTemplate, Second: ControlWidgetTemplate>(
        first: First
    ) -> _ConditionalControlTemplate<First, Second> {
        _ConditionalControlTemplate(branch: .first(first))
    }

    public static func buildEither<First: ControlWidgetTemplate, Second: ControlWidgetTemplate>(
        second: Second
    ) -> _ConditionalControlTemplate<First, Second> {
        _ConditionalControlTemplate(branch: .second(second))
    }
}
