import WidgetPayload

/// A view with one modifier applied, as `Text("Hi").padding()` returns. The modifier is added to
/// each node the view stands for: on a `Group` or a multi-view body, to each of its views.
public struct ModifiedView<Content: View>: View {
    public typealias Body = Never

    let content: Content
    let modifier: NodeModifier

    init(_ content: Content, _ modifier: NodeModifier) {
        self.content = content
        self.modifier = modifier
    }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        switch modifier {
        case .unchanged:
            content._makeNodes(into: &nodes)
        case .environment(let change):
            var environment = EnvironmentValues.current
            change(&environment)
            EnvironmentValues.$current.withValue(environment) {
                content._makeNodes(into: &nodes)
            }
        case .node(let node) where EnvironmentValues.OfferedSize.changes(node):
            // Padding and fixed frames change the space a GeometryReader inside is offered.
            EnvironmentValues.offering({ $0 = $0.inside(node) }) { append({ node }, to: &nodes) }
        case .node(let node):
            append({ node }, to: &nodes)
        case .evaluated(let makeNode):
            append(makeNode, to: &nodes)
        }
    }

    /// Evaluates the content, then the modifier once (its views belong to the same environment),
    /// only when the content stands for a view.
    private func append(_ makeNode: () -> ViewModifierNode, to nodes: inout [ViewNode]) {
        let start = nodes.count
        content._makeNodes(into: &nodes)
        guard nodes.count > start else { return }
        let node = makeNode()
        for index in start..<nodes.count {
            nodes[index].modifiers.append(node)
        }
    }
}

/// What a `ModifiedView` does to its content. Indirect: a view is copied as it is built up, and a
/// boxed modifier (a `FrameSpec` is large) copies as one reference.
indirect enum NodeModifier {
    /// Nothing: SwiftUI's nil arguments, which keep what is in effect.
    case unchanged
    /// A modifier known when it is written.
    case node(ViewModifierNode)
    /// A modifier holding views (`background`, `overlay`, `mask`, …), evaluated with the content.
    case evaluated(() -> ViewModifierNode)
    /// Changes the environment its content is evaluated in; adds no node.
    case environment((inout EnvironmentValues) -> Void)
}

extension View {
    /// This view with `node` appended to its modifiers.
    func modifier(_ node: ViewModifierNode) -> ModifiedView<Self> {
        ModifiedView(self, .node(node))
    }

    /// This view with a modifier made from views, evaluated alongside it.
    func modifier(_ makeNode: @escaping () -> ViewModifierNode) -> ModifiedView<Self> {
        ModifiedView(self, .evaluated(makeNode))
    }
}
