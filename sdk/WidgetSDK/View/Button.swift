import WidgetPayload

/// A control that performs an `AppIntent` when clicked, in the widget's bundle, without opening
/// its app: WidgetKit's `Button(intent:label:)` (iOS 17). The widget gets one reload after.
///
///     Button(intent: IncrementCountIntent()) { Image(systemName: "plus") }
///
/// Drawn as a bordered button, as iOS draws a widget's: the label in the tint (`tint(_:)`, else
/// the accent colour) over a light plate of it; its frame and intent are reported with the
/// drawing so a click on it can be mapped to its action.
public struct Button<Label: View>: View {
    public typealias Body = Never

    let action: ControlAction
    let label: Label

    public init(intent: some AppIntent, @ViewBuilder label: () -> Label) {
        action = intent.controlAction
        self.label = label()
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        let labelNodes = ViewEvaluation.nodes(of: label)
        let face: ViewNode
        let style: ButtonStyleName
        switch EnvironmentValues.current.buttonStyle {
        case .builtIn(let name):
            face = labelNodes.isEmpty ? ViewNode(.empty) : ViewEvaluation.single(labelNodes) { .vStack(alignment: .center, spacing: nil, children: $0) }
            style = name
        case .custom(let custom):
            // The style's body is the face, drawn as it is: the host adds no plate of its own.
            let configuration = ButtonStyleConfiguration(label: .init(nodes: labelNodes), isPressed: false, role: nil)
            face = ViewEvaluation.layered(custom.makeBody(configuration: configuration))
            style = .plain
        }
        var node = ViewNode(.button(action: action, label: face))
        if style != .automatic { node.modifiers.append(.buttonStyle(style)) }
        nodes.append(node)
    }
}

extension Button where Label == Text {
    public init<S: StringProtocol>(_ title: S, intent: some AppIntent) {
        self.init(intent: intent) { Text(title) }
    }
}
