// STUB: replaced by the view-tree wire work (encoding, decoding with paths, bounds).

extension ViewTree {
    /// The tree as `docs/view-tree.md` writes it.
    public var jsonValue: JSONValue {
        fatalError("view-tree encoding not written yet")
    }

    /// Reads a tree, checking every rule of `docs/view-tree.md` and the bounds in `Limits`.
    public init(json: JSONValue) throws(ViewTreeError) {
        throw ViewTreeError(path: "view", problem: .malformed("view-tree decoding not written yet"))
    }
}

/// Why a view tree was refused, and where: `path` is dotted from `view`, such as
/// `view.root.children.2.modifiers.0.font.size`.
public struct ViewTreeError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    public enum Problem: Sendable, Hashable {
        case malformed(String)
    }

    public var description: String {
        switch problem {
        case .malformed(let detail): "view tree: \(path): \(detail)"
        }
    }
}
