/// A control with two states that performs an action setting the other one when clicked:
/// WidgetKit's `ControlWidgetToggle`.
///
///     ControlWidgetToggle("Timer", isOn: value.isRunning, action: ToggleTimerIntent()) { isOn in
///         Label(isOn ? "On" : "Off", systemImage: "timer")
///     }
///
/// Drawn as a `Toggle(isOn:intent:)` on a round plate (`ControlFace`): its switch shows `isOn`,
/// beside the symbol of the value label for that state, and a click performs `action` with
/// `value` set to `!isOn`; the reload after shows the new state.
public struct ControlWidgetToggle<Label: View, ValueLabel: View, Action>: ControlWidgetTemplate {
    let isOn: Bool
    let intent: any AppIntent
    /// Beside the switch: the value label, which draws the state; the label when the toggle has
    /// only the default value label, since the label is then where its symbol is.
    let symbol: ControlSymbol

    /// - Parameters:
    ///   - isOn: The state the control's value says it is in.
    ///   - action: The intent a click performs, with `value` set to the other state.
    ///   - label: The toggle's face; its icon is drawn.
    public init(isOn: Bool, action: Action, @ViewBuilder label: @escaping () -> Label)
    where ValueLabel == ControlWidgetToggleDefaultLabel, Action: SetValueIntent, Action.ValueType == Bool {
        self.isOn = isOn
        intent = Self.settingOtherState(of: action, isOn: isOn)
        symbol = ControlSymbol(label())
    }

    /// As `init(isOn:action:label:)`, the state drawn by `valueLabel(isOn)`.
    public init(
        isOn: Bool, action: Action, @ViewBuilder label: @escaping () -> Label,
        @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel
    ) where Action: SetValueIntent, Action.ValueType == Bool {
        self.isOn = isOn
        intent = Self.settingOtherState(of: action, isOn: isOn)
        symbol = ControlSymbol(valueLabel(isOn), orTitle: label())
    }

    public var _face: some View {
        ControlFace.toggle(isOn: isOn, settingOtherState: intent, symbol: symbol)
    }
}

extension ControlWidgetToggle {
    /// `action` with its value set to the state a click makes.
    private static func settingOtherState<Intent: SetValueIntent>(of action: Intent, isOn: Bool) -> Intent where Intent.ValueType == Bool {
        var flipped = action
        flipped.value = !isOn
        return flipped
    }
}

extension ControlWidgetToggle where Label == Text {
    /// A toggle titled `title`, the state drawn by `valueLabel(isOn)`.
    public init(
        _ title: some StringProtocol, isOn: Bool, action: Action, @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel
    ) where Action: SetValueIntent, Action.ValueType == Bool {
        self.init(isOn: isOn, action: action, label: { Text(title) }, valueLabel: valueLabel)
    }

    public init(
        _ titleKey: LocalizedStringKey, isOn: Bool, action: Action, @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel
    ) where Action: SetValueIntent, Action.ValueType == Bool {
        self.init(isOn: isOn, action: action, label: { Text(titleKey) }, valueLabel: valueLabel)
    }

    @_disfavoredOverload
    public init(
        _ titleResource: LocalizedStringResource, isOn: Bool, action: Action,
        @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel
    ) where Action: SetValueIntent, Action.ValueType == Bool {
        self.init(isOn: isOn, action: action, label: { Text(titleResource) }, valueLabel: valueLabel)
    }
}

extension ControlWidgetToggle where Label == Text, ValueLabel == ControlWidgetToggleDefaultLabel {
    /// A toggle titled `title`, its state drawn "On" or "Off".
    public init(_ title: some StringProtocol, isOn: Bool, action: Action)
    where Action: SetValueIntent, Action.ValueType == Bool {
        self.init(isOn: isOn, action: action, label: { Text(title) }, valueLabel: { ControlWidgetToggleDefaultLabel(isOn: $0) })
    }

    public init(_ titleKey: LocalizedStringKey, isOn: Bool, action: Action)
    where Action: SetValueIntent, Action.ValueType == Bool {
        self.init(isOn: isOn, action: action, label: { Text(titleKey) }, valueLabel: { ControlWidgetToggleDefaultLabel(isOn: $0) })
    }
}

/// The value label of a toggle that gives none: "On" or "Off", as WidgetKit's.
public struct ControlWidgetToggleDefaultLabel: View {
    let isOn: Bool

    public var body: some View {
        Text(isOn ? "On" : "Off")
    }
}
