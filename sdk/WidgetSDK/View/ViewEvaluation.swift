import WidgetPayload

/// Turns views into the `ViewTree` that crosses the ABI.
package enum ViewEvaluation {
    /// The redaction reasons an evaluation starts with: `.placeholder` while the SDK answers a
    /// placeholder call, which the host draws redacted (as WidgetKit does).
    @TaskLocal static var redactionReasons: RedactionReasons = []

    /// An entry's tree for `family`: the view evaluated in the light appearance; again in dark
    /// when it read `\.colorScheme`; and in the accented and vibrant modes (in dark, where they
    /// draw) when it read `\.widgetRenderingMode`. Each variant is kept only when it differs from
    /// the tree it would otherwise fall back to (`docs/view-tree.md`).
    static func tree<Content: View>(
        family: WidgetFamily, contentMarginsDisabled: Bool = false, _ makeView: () -> Content
    ) -> ViewTree {
        let schemeReads = ReadFlag()
        let modeReads = ReadFlag()
        func environment(_ scheme: ColorScheme, _ mode: RenderingModeName, schemeReads: ReadFlag?, modeReads: ReadFlag?) -> EnvironmentValues {
            EnvironmentValues(family: family, colorScheme: scheme, renderingMode: mode, redactionReasons: redactionReasons,
                              colorSchemeReads: schemeReads, renderingModeReads: modeReads, contentMarginsDisabled: contentMarginsDisabled)
        }
        let light = root(in: environment(.light, .fullColor, schemeReads: schemeReads, modeReads: modeReads), makeView)
        var dark: ViewNode?
        if schemeReads.wasRead {
            let darkRoot = root(in: environment(.dark, .fullColor, schemeReads: nil, modeReads: modeReads), makeView)
            if darkRoot != light { dark = darkRoot }
        }
        var modes: [RenderingModeName: ViewNode] = [:]
        if modeReads.wasRead {
            for mode in [RenderingModeName.accented, .vibrant] {
                let modeRoot = root(in: environment(.dark, mode, schemeReads: nil, modeReads: nil), makeView)
                if modeRoot != (dark ?? light) { modes[mode] = modeRoot }
            }
        }
        return ViewTree(root: light, dark: dark, contentMarginsDisabled: contentMarginsDisabled,
                        accented: modes[.accented], vibrant: modes[.vibrant])
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
