import WidgetPayload

/// A control that performs an `AppIntent` when clicked, in the widget's bundle, without opening
/// its app: WidgetKit's `Button(intent:label:)` (iOS 17). The widget gets one reload after.
///
///     Button(intent: IncrementCountIntent()) { Image(systemName: "plus") }
///
/// Drawn as a bordered button; its frame and intent are reported with the drawing so a click on
/// it can be mapped to its action.
public struct Button<Label: View>: View {
    public typealias Body = Never

    let action: ControlAction
    let label: Label

    public init(intent: some AppIntent, @ViewBuilder label: () -> Label) {
        action = intent.controlAction
        self.label = label()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.button(action: action, label: labelNode(label) ?? ViewNode(.empty))))
    }
}

extension Button where Label == Text {
    public init<S: StringProtocol>(_ title: S, intent: some AppIntent) {
        self.init(intent: intent) { Text(title) }
    }
}
