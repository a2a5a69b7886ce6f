import WidgetPayload

extension ViewTree {
    /// Every image the tree names, in every appearance and rendering mode, in tree order.
    public var imageSources: [ImageSource] {
        var sources: [ImageSource] = []
        var pending = roots
        while let node = pending.popLast() {
            if case .image(let source) = node.kind { sources.append(source) }
            pending += node.nestedNodes
        }
        return sources
    }
}

extension ViewTree {
    /// Every asset catalog colour (`Color("name")`) the tree names, in every appearance and rendering mode.
    public var catalogColorNames: [String] {
        var names: [String] = []
        var pending = roots
        while let node = pending.popLast() {
            var styles: [FillStyle] = []
            switch node.kind {
            case .fill(let style): styles.append(style)
            case .shape(_, let fill, let stroke): styles += [fill, stroke?.fill].compactMap { $0 }
            default: break
            }
            for case .foregroundStyle(let style) in node.modifiers { styles.append(style) }
            for case .catalog(let name, _) in styles.flatMap(\.colors) { names.append(name) }
            pending += node.nestedNodes
        }
        return names
    }
}

extension ViewTree {
    /// Whether what it shows depends on the moment drawn: a `.relative`, `.offset` or `.timer`
    /// date counts as time passes. (Progress views with a timer interval are not in the subset.)
    public var countsTime: Bool {
        var pending = roots
        while let node = pending.popLast() {
            if case .text(.date(_, let style)) = node.kind, [.relative, .offset, .timer].contains(style) { return true }
            pending += node.nestedNodes
        }
        return false
    }
}

extension ViewNode {
    /// The nodes inside this one: children, labels, and the contents of modifiers.
    var nestedNodes: [ViewNode] {
        var nodes = kind.children
        for modifier in modifiers {
            switch modifier {
            case .background(let node, _), .overlay(let node, _), .mask(let node, _), .containerBackground(let node): nodes.append(node)
            default: break
            }
        }
        return nodes
    }
}
