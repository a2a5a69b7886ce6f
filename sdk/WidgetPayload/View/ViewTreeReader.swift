/// Reads a `ViewTree` out of a `JSONValue`, checking every rule of `docs/view-tree.md`.
///
/// It keeps the path as components and spells it only for an error. Nodes are read depth
/// first; a node deeper than `ViewTree.Limits.maxDepth` is refused before anything inside it is
/// looked at, so a hostile tree costs at most that many stack frames of nodes.
struct ViewTreeReader {
    typealias Members = [String: JSONValue]

    private enum Component {
        case key(String)
        case index(Int)
    }

    private var path: [Component] = [.key("view")]
    /// Nodes read so far, every root together.
    private var nodeCount = 0
    /// Path elements and canvas operations read so far, every root together.
    private var pathElementCount = 0

    init() {}

    // MARK: Path

    mutating func enter(_ key: String) { path.append(.key(key)) }
    mutating func enter(_ index: Int) { path.append(.index(index)) }
    mutating func leave() { path.removeLast() }

    /// An error at the current path, or at its member `member`.
    func error(_ problem: ViewTreeError.Problem, member: String? = nil) -> ViewTreeError {
        var text = ""
        for component in path {
            if !text.isEmpty { text += "." }
            switch component {
            case .key(let key): text += key
            case .index(let index): text += String(index)
            }
        }
        if let member { text += "." + member }
        return ViewTreeError(path: text, problem: problem)
    }

    // MARK: Nodes and their bounds

    /// The node `value` at the current path, `depth` levels from its root (the root is 1).
    mutating func node(_ value: JSONValue, depth: Int) throws(ViewTreeError) -> ViewNode {
        guard depth <= ViewTree.Limits.maxDepth else { throw error(.tooDeep(limit: ViewTree.Limits.maxDepth)) }
        try countNode()
        let members = try object(value)
        let kind = try self.kind(members, depth: depth)
        var modifiers: [ViewModifierNode] = []
        if let list = members["modifiers"] {
            enter("modifiers")
            let elements = try array(list)
            // Modifiers have no bound of their own: reserve no more than a real view uses.
            modifiers.reserveCapacity(min(elements.count, 32))
            for (index, element) in elements.enumerated() {
                enter(index)
                modifiers.append(try modifier(element, depth: depth))
                leave()
            }
            leave()
        }
        return ViewNode(kind, modifiers: modifiers)
    }

    /// Counts one more view (or text run) against `ViewTree.Limits.maxNodes`.
    mutating func countNode() throws(ViewTreeError) {
        nodeCount += 1
        guard nodeCount <= ViewTree.Limits.maxNodes else { throw error(.tooManyNodes(limit: ViewTree.Limits.maxNodes)) }
    }

    /// Counts `count` more path elements (or canvas operations) against
    /// `ViewTree.Limits.maxPathElements`.
    mutating func countPathElements(_ count: Int) throws(ViewTreeError) {
        pathElementCount += count
        guard pathElementCount <= ViewTree.Limits.maxPathElements else {
            throw error(.tooManyPathElements(limit: ViewTree.Limits.maxPathElements))
        }
    }

    /// The node in member `key`, one level below `depth`.
    mutating func child(_ members: Members, _ key: String, depth: Int) throws(ViewTreeError) -> ViewNode {
        guard let value = members[key] else { throw error(.missingMember(key)) }
        enter(key)
        defer { leave() }
        return try node(value, depth: depth + 1)
    }

    mutating func optionalChild(_ members: Members, _ key: String, depth: Int) throws(ViewTreeError) -> ViewNode? {
        guard members[key] != nil else { return nil }
        return try child(members, key, depth: depth)
    }

    /// A stack's `children`, one level below `depth`.
    mutating func children(_ members: Members, depth: Int) throws(ViewTreeError) -> [ViewNode] {
        guard let value = members["children"] else { throw error(.missingMember("children")) }
        enter("children")
        defer { leave() }
        let elements = try array(value)
        var nodes: [ViewNode] = []
        nodes.reserveCapacity(min(elements.count, ViewTree.Limits.maxNodes))
        for (index, element) in elements.enumerated() {
            enter(index)
            nodes.append(try node(element, depth: depth + 1))
            leave()
        }
        return nodes
    }

    // MARK: JSON types

    /// `value` as an object, the value at the current path.
    func object(_ value: JSONValue) throws(ViewTreeError) -> Members {
        guard case .object(let members) = value else {
            throw error(.wrongType(expected: "an object", found: value.wireTypePhrase))
        }
        return members
    }

    func array(_ value: JSONValue) throws(ViewTreeError) -> [JSONValue] {
        guard case .array(let elements) = value else {
            throw error(.wrongType(expected: "an array", found: value.wireTypePhrase))
        }
        return elements
    }

    /// The object in member `key`; the caller enters `key` to read inside it.
    func object(_ members: Members, _ key: String) throws(ViewTreeError) -> Members? {
        guard let value = members[key] else { return nil }
        guard case .object(let inner) = value else {
            throw error(.wrongType(expected: "an object", found: value.wireTypePhrase), member: key)
        }
        return inner
    }

    /// The `type` member of a node, modifier or shape, one of `allowed`.
    func type(_ members: Members, allowed: [String]) throws(ViewTreeError) -> String {
        guard let type = try string(members, "type") else { throw error(.missingMember("type")) }
        guard allowed.contains(type) else { throw error(.unknownType(type, allowed: allowed), member: "type") }
        return type
    }

    func string(_ members: Members, _ key: String, nonEmpty: Bool = false) throws(ViewTreeError) -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let text) = value else {
            throw error(.wrongType(expected: "a string", found: value.wireTypePhrase), member: key)
        }
        if nonEmpty, text.isEmpty { throw error(.emptyString, member: key) }
        return text
    }

    func requiredString(_ members: Members, _ key: String, nonEmpty: Bool = false) throws(ViewTreeError) -> String {
        guard let text = try string(members, key, nonEmpty: nonEmpty) else { throw error(.missingMember(key)) }
        return text
    }

    func bool(_ members: Members, _ key: String, default fallback: Bool) throws(ViewTreeError) -> Bool {
        guard let value = members[key] else { return fallback }
        guard case .bool(let flag) = value else {
            throw error(.wrongType(expected: "a boolean", found: value.wireTypePhrase), member: key)
        }
        return flag
    }

    /// A name from `Name`'s cases, or `fallback` when absent (a required name has none).
    func name<Name: RawRepresentable & CaseIterable>(
        _ members: Members, _ key: String, default fallback: Name?
    ) throws(ViewTreeError) -> Name where Name.RawValue == String {
        guard let text = try string(members, key) else {
            guard let fallback else { throw error(.missingMember(key)) }
            return fallback
        }
        guard let name = Name(rawValue: text) else {
            throw error(.unknownValue(text, allowed: Name.allCases.map(\.rawValue)), member: key)
        }
        return name
    }

    /// Which of the members that exclude each other is present: exactly one must be.
    func variant(_ members: Members, _ keys: [String]) throws(ViewTreeError) -> String {
        let found = keys.filter { members[$0] != nil }
        guard found.count == 1 else { throw error(.exactlyOneOf(keys, found: found)) }
        return found[0]
    }
}
