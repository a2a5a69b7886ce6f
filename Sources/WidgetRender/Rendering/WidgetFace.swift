import WidgetPayload

/// What is drawn for one entry: its view, or, for an entry without one (every 1.0 and 1.1
/// bundle) or with a view the host refused, a card of its content.
public struct WidgetFace: Sendable, Hashable {
    public var kind: String
    public var content: JSONValue
    public var view: ViewTree?
    /// Why the entry's view was refused; the card then wears an error badge.
    public var viewError: String?

    public init(kind: String, content: JSONValue, view: ViewTree?, viewError: String?) {
        self.kind = kind
        self.content = content
        self.view = view
        self.viewError = viewError
    }

    /// The tree to lay out.
    public var tree: ViewTree {
        if let view, viewError == nil { return view }
        return ContentCard.tree(kind: kind, content: content, error: viewError)
    }
}
