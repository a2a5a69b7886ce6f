import WidgetPayload

/// How full the first progress view or gauge of a view tree is, from 0 to 1: what a panel
/// shows as a bar (Waybar's `percentage`). The tree is walked root first, children in order;
/// `dark`, the tree for dark appearance, is not looked at (it draws the same values).
enum ViewProgress {
    static func fraction(inTree tree: JSONValue) -> Double? {
        tree["root"].flatMap(fraction(inNode:))
    }

    static func fraction(inNode node: JSONValue) -> Double? {
        guard let members = node.objectValue else { return nil }
        switch members["type"] {
        case .string("progress"):
            // `total` left out means 1 (docs/view-tree.md).
            guard let value = number(members["value"]), case let total = number(members["total"]) ?? 1, total > 0 else { return nil }
            return clamped(value / total)
        case .string("gauge"):
            guard let value = number(members["value"]) else { return nil }
            let minimum = number(members["min"]) ?? 0, maximum = number(members["max"]) ?? 1
            guard maximum > minimum else { return nil }
            return clamped((value - minimum) / (maximum - minimum))
        default:
            break
        }
        // Children, a link's content, then the views of modifiers (background, overlay…).
        var inner: [JSONValue] = []
        if case .array(let children)? = members["children"] { inner += children }
        if let content = members["content"] { inner.append(content) }
        if case .array(let modifiers)? = members["modifiers"] {
            inner += modifiers.compactMap { $0["content"] }
        }
        return inner.lazy.compactMap(fraction(inNode:)).first
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let number)?: Double(number)
        case .number(let number)?: number.isFinite ? number : nil
        default: nil
        }
    }

    private static func clamped(_ fraction: Double) -> Double {
        min(1, max(0, fraction))
    }
}
