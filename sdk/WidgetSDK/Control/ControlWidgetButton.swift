/// A control that performs an action when clicked: WidgetKit's `ControlWidgetButton`.
///
///     ControlWidgetButton(action: OpenAppIntent()) {
///         Label("\(value) days", systemImage: "calendar")
///     }
///
/// Drawn as a `Button(intent:)` holding the label's symbol in a circle (`ControlFace`): a click
/// performs `action` in the bundle, and the control's widget is reloaded after, as any widget
/// button's.
public struct ControlWidgetButton<Label: View, ActionLabel: View, Action>: ControlWidgetTemplate {
    let intent: any AppIntent
    /// What the circle shows: the label, or for a titled button the action label, which is
    /// where such a button draws its symbol.
    let symbol: ControlSymbol

    /// - Parameters:
    ///   - action: The intent performed when the button is clicked.
    ///   - label: The button's face; its icon is drawn.
    public init(action: Action, @ViewBuilder label: @escaping () -> Label)
    where ActionLabel == ControlWidgetButtonDefaultActionLabel, Action: AppIntent {
        intent = action
        symbol = ControlSymbol(label())
    }

    /// As `init(action:label:)`; `actionLabel` is what iOS shows while the action runs, which a
    /// click here does not show (the host performs it and reloads the widget).
    public init(
        action: Action, @ViewBuilder label: @escaping () -> Label,
        @ViewBuilder actionLabel: @escaping (Bool) -> ActionLabel
    ) where Action: AppIntent {
        intent = action
        symbol = ControlSymbol(label())
    }

    public var _face: some View {
        ControlFace.button(intent: intent, symbol: symbol)
    }
}

extension ControlWidgetButton where Label == Text {
    /// A button titled `title`, drawing `actionLabel(false)`, its symbol, in the circle (the
    /// title when that draws nothing).
    public init(
        _ title: some StringProtocol, action: Action, @ViewBuilder actionLabel: @escaping (Bool) -> ActionLabel
    ) where Action: AppIntent {
        intent = action
        symbol = ControlSymbol(actionLabel(false), orTitle: Text(title))
    }

    public init(
        _ titleKey: LocalizedStringKey, action: Action, @ViewBuilder actionLabel: @escaping (Bool) -> ActionLabel
    ) where Action: AppIntent {
        intent = action
        symbol = ControlSymbol(actionLabel(false), orTitle: Text(titleKey))
    }

    @_disfavoredOverload
    public init(
        _ titleResource: LocalizedStringResource, action: Action,
        @ViewBuilder actionLabel: @escaping (Bool) -> ActionLabel
    ) where Action: AppIntent {
        intent = action
        symbol = ControlSymbol(actionLabel(false), orTitle: Text(titleResource))
    }
}

/// The action label of a button that gives none: WidgetKit's, which draws the label.
public struct ControlWidgetButtonDefaultActionLabel: View {
    public var body: some View { EmptyView() }
}
