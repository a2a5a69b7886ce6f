/// The version a tree is written as: the lowest whose vocabulary holds it, so a widget without
/// controls still draws on a host that predates them.
extension ViewTree {
    public var lowestVersion: Int {
        let usesControls = root.usesVersion2 || dark?.usesVersion2 == true
        return usesControls ? 2 : 1
    }
}

extension ViewNode {
    /// Whether this node or any inside it is a control or `invalidatableContent` (version 2).
    var usesVersion2: Bool {
        if modifiers.contains(where: \.usesVersion2) { return true }
        if case .button = kind { return true }
        if case .toggle = kind { return true }
        return kind.children.contains { $0.usesVersion2 }
    }
}

extension ViewModifierNode {
    fileprivate var usesVersion2: Bool {
        switch self {
        case .invalidatableContent:
            return true
        case .background(let content, _), .overlay(let content, _), .mask(let content, _), .containerBackground(let content):
            return content.usesVersion2
        default:
            return false
        }
    }
}
