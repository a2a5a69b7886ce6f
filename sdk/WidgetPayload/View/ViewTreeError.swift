/// Why a view tree was refused, and where.
///
/// `path` is dotted from `view` and names the value at fault, such as
/// `view.root.children.2.modifiers.0.font.size`; the dark root is `view.dark` (and
/// `view.accented`, `view.vibrant` the rendering modes'). For a missing
/// member, and for members that exclude each other, it names the object that holds them.
/// Decoding stops at the first fault it meets; a tree may hold more.
public struct ViewTreeError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    public enum Problem: Sendable, Hashable {
        /// A required member is absent (named without quotes).
        case missingMember(String)
        /// The value is of another JSON type: `expected` and `found` are phrases such as
        /// "a number" and "a string".
        case wrongType(expected: String, found: String)
        /// A node, modifier or shape `type` this host does not know.
        case unknownType(String, allowed: [String])
        /// A name (alignment, weight, colour…) outside its list.
        case unknownValue(String, allowed: [String])
        /// A number outside its range, written like "0…1" or "≥ 0".
        case outOfRange(value: Double, range: String)
        /// NaN or an infinity where only a finite number will do (only a JSONValue built in
        /// memory can hold one: JSON text cannot).
        case notFinite
        /// Views nested deeper than `ViewTree.Limits.maxDepth`.
        case tooDeep(limit: Int)
        /// More views than `ViewTree.Limits.maxNodes`, counting every nested view.
        case tooManyNodes(limit: Int)
        /// The tree is of a newer format than this host reads.
        case unsupportedVersion(found: Int, supported: Int)
        /// A name that must not be empty is: an asset, a symbol, an App Group or a path in it,
        /// a font family, a URL.
        case emptyString
        /// Members that select a variant (`"text"` or `"date"`, `"rgba"` or `"named"`…): exactly
        /// one of `members` must be present, and `found` are those that are.
        case exactlyOneOf([String], found: [String])
        /// An array of fixed length (`rgba`, a unit point) with another number of elements.
        case wrongCount(expected: Int, found: Int)
        /// An image's `data` that is not base64.
        case notBase64
        /// An image's `data` longer than `ViewTree.Limits.maxInlineImageBytes` once decoded.
        case inlineImageTooLarge(bytes: Int, limit: Int)
        /// A list that must hold something is empty (`redacted`'s `reasons`).
        case emptyList
        /// More path elements and canvas operations than `ViewTree.Limits.maxPathElements`,
        /// counting every path in the tree.
        case tooManyPathElements(limit: Int)
    }

    public var description: String {
        "view tree: \(path): \(problem.explanation)"
    }
}

extension ViewTreeError.Problem {
    /// What is wrong and what to do, without the path.
    var explanation: String {
        switch self {
        case .missingMember(let name):
            "missing member \"\(name)\"; add it (docs/view-tree.md lists each type's members)"
        case .wrongType(let expected, let found):
            "expected \(expected) but found \(found); write \(expected) here"
        case .unknownType(let type, let allowed):
            "unknown type \"\(type)\"; use one of: \(allowed.joined(separator: ", "))"
        case .unknownValue(let value, let allowed):
            "unknown value \"\(value)\"; use one of: \(allowed.joined(separator: ", "))"
        case .outOfRange(let value, let range):
            "\(Self.text(of: value)) is out of range: it must be \(range)"
        case .notFinite:
            "a number that is NaN or infinite, which JSON cannot hold; give a finite number"
        case .tooDeep(let limit):
            "views nested more than \(limit) deep (children, labels and the contents of modifiers count); flatten the view"
        case .tooManyNodes(let limit):
            "more than \(limit) views in the tree (every appearance and rendering mode counts); draw fewer views, such as only the rows that fit"
        case .unsupportedVersion(let found, let supported):
            "view tree version \(found) is newer than this host reads (\(supported)); update the host, or build the bundle with an SDK that writes version \(supported)"
        case .emptyString:
            "an empty string where a name is needed; give the name"
        case .exactlyOneOf(let members, let found):
            if found.isEmpty {
                "needs one of \(Self.list(members, conjunction: "or")); add one"
            } else {
                "has \(Self.list(found, conjunction: "and")), which exclude each other; keep one"
            }
        case .wrongCount(let expected, let found):
            "an array of \(found) elements where \(expected) are expected; write \(expected)"
        case .notBase64:
            "an image's data that is not base64; write the image file's bytes in base64"
        case .inlineImageTooLarge(let bytes, let limit):
            "an image of \(bytes) bytes carried in the tree, more than \(limit); ship it in the bundle's asset catalog or an App Group's container instead"
        case .emptyList:
            "an empty list where at least one element is needed; give one, or leave the member out"
        case .tooManyPathElements(let limit):
            "more than \(limit) path elements and canvas operations in the tree; draw a simpler path, such as one point per pixel"
        }
    }

    /// Whole numbers without ".0", so a line limit of 0 reads "0".
    private static func text(of value: Double) -> String {
        if value.magnitude < 0x1p53, value == value.rounded(.towardZero) { return String(Int64(value)) }
        return String(value)
    }

    private static func list(_ names: [String], conjunction: String) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted[quoted.count - 1]
    }
}
