import WidgetPayload

/// Turns views into the `ViewTree` that crosses the ABI.
package enum ViewEvaluation {
    /// An entry's tree for `family`: the view evaluated in the light appearance, and again in
    /// dark when it read `\.colorScheme` (kept only when the two differ, `docs/view-tree.md`).
    static func tree<Content: View>(
        family: WidgetFamily, contentMarginsDisabled: Bool = false, _ makeView: () -> Content
    ) -> ViewTree {
        let reads = AppearanceReads()
        let light = root(in: EnvironmentValues(
            family: family, colorScheme: .light, appearanceReads: reads, contentMarginsDisabled: contentMarginsDisabled), makeView)
        var dark: ViewNode?
        if reads.wasRead {
            let darkRoot = root(in: EnvironmentValues(
                family: family, colorScheme: .dark, appearanceReads: nil, contentMarginsDisabled: contentMarginsDisabled), makeView)
            if darkRoot != light { dark = darkRoot }
        }
        return ViewTree(root: light, dark: dark, contentMarginsDisabled: contentMarginsDisabled)
    }

    /// The root of a widget: its one view, or several views stacked in an implicit `VStack` as
    /// SwiftUI stacks a multi-view body; an `empty` node when there is nothing.
    private static func root<Content: View>(in environment: EnvironmentValues, _ makeView: () -> Content) -> ViewNode {
        let nodes = EnvironmentValues.$current.withValue(environment) {
            self.nodes(of: makeView())
        }
        return single(nodes) { .vStack(alignment: .center, spacing: nil, children: $0) }
    }

    /// The nodes a view stands for, in the environment in effect.
    package static func nodes<Content: View>(of view: Content) -> [ViewNode] {
        var nodes: [ViewNode] = []
        view._makeNodes(into: &nodes)
        return nodes
    }

    /// One node for a view that may stand for none or several: `empty`, the node itself, or the
    /// nodes in the container `stack` makes (an implicit stack, as SwiftUI's).
    static func single(_ nodes: [ViewNode], stack: ([ViewNode]) -> ViewKind) -> ViewNode {
        switch nodes.count {
        case 0: ViewNode(.empty)
        case 1: nodes[0]
        default: ViewNode(stack(nodes))
        }
    }

    /// A label, background, overlay or mask: several views are layered in a `ZStack`.
    static func layered<Content: View>(_ view: Content, alignment: AlignmentName = .center) -> ViewNode {
        single(nodes(of: view)) { .zStack(alignment: alignment, children: $0) }
    }
}
