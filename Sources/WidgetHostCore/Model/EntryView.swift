import WidgetPayload

/// An entry's face as the host holds it: the tree the bundle drew, or why it was refused.
///
/// A refused view never costs the entry: it is shown as its content card with an error badge,
/// and the error is recorded against the kind (`RecordedError.Cause.malformedView`).
public enum EntryView: Sendable, Hashable {
    case tree(ViewTree)
    /// Kept as the bundle sent it, so that persistence and `--format json` show what came.
    case malformed(JSONValue, ViewTreeError)

    /// Reads a view as it came in a reply.
    public init(json: JSONValue) {
        do {
            self = .tree(try ViewTree(json: json))
        } catch {
            self = .malformed(json, error)
        }
    }

    /// The view as it travels: what `init(json:)` reads back to the same value.
    public var json: JSONValue {
        switch self {
        case .tree(let tree): tree.jsonValue
        case .malformed(let json, _): json
        }
    }

    public var tree: ViewTree? {
        if case .tree(let tree) = self { return tree }
        return nil
    }

    public var error: ViewTreeError? {
        if case .malformed(_, let error) = self { return error }
        return nil
    }
}
