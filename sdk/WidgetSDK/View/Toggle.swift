import WidgetPayload

/// A switch that performs an `AppIntent` when clicked: WidgetKit's `Toggle(isOn:intent:label:)`
/// (iOS 17). The widget shows `isOn` as its entry has it; a click performs the intent (with
/// `value` set to `!isOn` for a `SetValueIntent`), and the reload after shows the new state.
/// Drawn as a switch whose track is the tint when on (green without `tint(_:)`, as iOS's).
///
///     Toggle(isOn: task.isDone, intent: ToggleTaskIntent(id: task.id)) { Text(task.name) }
public struct Toggle<Label: View>: View {
    public typealias Body = Never

    let isOn: Bool
    let action: ControlAction
    let label: Label

    public init(isOn: Bool, intent: some AppIntent, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        var action = intent.controlAction
        if intent is any SetValueIntent { action.parameters["value"] = .bool(!isOn) }
        self.action = action
        self.label = label()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.toggle(isOn: isOn, action: action, label: labelNode(label) ?? ViewNode(.empty))))
    }
}

extension Toggle where Label == Text {
    public init<S: StringProtocol>(_ title: S, isOn: Bool, intent: some AppIntent) {
        self.init(isOn: isOn, intent: intent) { Text(title) }
    }
}
