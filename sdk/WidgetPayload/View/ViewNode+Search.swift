/// Finding the modifiers that act on the whole widget wherever they sit in the tree.
extension ViewNode {
    /// The first value `pick` finds in a modifier, searching this node's modifiers (innermost
    /// first) before its contents, depth first in the order the views were written.
    public func first<Value>(where pick: (ViewModifierNode) -> Value?) -> Value? {
        for modifier in modifiers {
            if let value = pick(modifier) { return value }
        }
        for modifier in modifiers {
            switch modifier {
            case .background(let content, _), .overlay(let content, _), .mask(let content, _):
                if let value = content.first(where: pick) { return value }
            default:
                continue
            }
        }
        for child in kind.children {
            if let value = child.first(where: pick) { return value }
        }
        return nil
    }
}

extension ViewModifierNode {
    public var containerBackground: ViewNode? {
        if case .containerBackground(let content) = self { return content }
        return nil
    }

    public var widgetURL: String? {
        if case .widgetURL(let url) = self { return url }
        return nil
    }
}
