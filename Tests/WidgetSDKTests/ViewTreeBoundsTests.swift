import Testing
import WidgetPayload

// ViewTree.Limits: 64 views deep, 2,000 views in all, whatever holds them.

@Suite struct ViewTreeBoundsTests {
    private static let empty: JSONValue = .object(["type": .string("empty")])

    private static func view(root: JSONValue, dark: JSONValue? = nil) -> JSONValue {
        var members: [String: JSONValue] = ["version": .integer(1), "root": root]
        if let dark { members["dark"] = dark }
        return .object(members)
    }

    /// `depth` views, each the only child of a zstack above it.
    private static func chain(depth: Int) -> JSONValue {
        var node = empty
        for _ in 1..<depth {
            node = .object(["type": .string("zstack"), "children": .array([node])])
        }
        return node
    }

    /// Takes a chain apart from the top, so that releasing it never recurses through its depth:
    /// each level is freed while `chain` still holds the one below.
    private static func dismantle(_ chain: inout JSONValue) {
        while case .object(let members) = chain, case .array(let children)? = members["children"], let child = children.first {
            chain = child
        }
    }

    /// The path of the view `depth` levels down a chain (the root is level 1).
    private static func chainPath(depth: Int) -> String {
        "view.root" + String(repeating: ".children.0", count: depth - 1)
    }

    @Test func sixtyFourDeepIsAllowed() throws {
        let tree = try ViewTree(json: Self.view(root: Self.chain(depth: ViewTree.Limits.maxDepth)))
        var depth = 1
        var node = tree.root
        while case .zStack(_, let children) = node.kind, let child = children.first {
            depth += 1
            node = child
        }
        #expect(depth == 64)
    }

    @Test func sixtyFiveDeepIsRefusedAtTheViewTooDeep() throws {
        let json = Self.view(root: Self.chain(depth: ViewTree.Limits.maxDepth + 1))
        let error = try #require(throws: ViewTreeError.self) { try ViewTree(json: json) }
        #expect(error == ViewTreeError(path: Self.chainPath(depth: 65), problem: .tooDeep(limit: 64)))
    }

    @Test func aHundredThousandDeepFailsCleanly() throws {
        // Deep enough to overflow any stack if anything recursed through it: decoding must stop
        // at level 65 without looking further down.
        var chain = Self.chain(depth: 100_000)
        defer { Self.dismantle(&chain) }
        let error = try #require(throws: ViewTreeError.self) { try ViewTree(json: Self.view(root: chain)) }
        #expect(error == ViewTreeError(path: Self.chainPath(depth: 65), problem: .tooDeep(limit: 64)))
    }

    @Test func modifierContentsAndLabelsAreALevelDown() throws {
        // A view at level 63 whose background holds a link (64) whose content is level 65.
        var node: JSONValue = .object([
            "type": .string("empty"),
            "modifiers": .array([.object([
                "type": .string("background"),
                "content": .object(["type": .string("link"), "url": .string("https://example.com"), "content": Self.empty]),
            ])]),
        ])
        for _ in 1..<63 { node = .object(["type": .string("vstack"), "children": .array([node])]) }
        let error = try #require(throws: ViewTreeError.self) { try ViewTree(json: Self.view(root: node)) }
        #expect(error.path == Self.chainPath(depth: 63) + ".modifiers.0.content.content")
        #expect(error.problem == .tooDeep(limit: 64))

        var labelled: JSONValue = .object(["type": .string("gauge"), "value": .integer(1), "label": Self.empty])
        for _ in 1..<64 { labelled = .object(["type": .string("hstack"), "children": .array([labelled])]) }
        let labelError = try #require(throws: ViewTreeError.self) { try ViewTree(json: Self.view(root: labelled)) }
        #expect(labelError == ViewTreeError(path: Self.chainPath(depth: 64) + ".label", problem: .tooDeep(limit: 64)))
    }

    @Test func twoThousandViewsAreAllowedAndOneMoreIsNot() throws {
        // The root and 1,999 children are 2,000 views.
        let children = Array(repeating: Self.empty, count: ViewTree.Limits.maxNodes - 1)
        let allowed = Self.view(root: .object(["type": .string("vstack"), "children": .array(children)]))
        guard case .vStack(_, _, let read) = try ViewTree(json: allowed).root.kind else { Issue.record("not a vstack"); return }
        #expect(read.count == 1_999)

        let tooMany = Self.view(root: .object(["type": .string("vstack"), "children": .array(children + [Self.empty])]))
        let error = try #require(throws: ViewTreeError.self) { try ViewTree(json: tooMany) }
        #expect(error == ViewTreeError(path: "view.root.children.1999", problem: .tooManyNodes(limit: 2_000)))
    }

    @Test func aHundredThousandWideFailsAtTheFirstViewPastTheBound() throws {
        let wide = Self.view(root: .object(["type": .string("zstack"), "children": .array(Array(repeating: Self.empty, count: 100_000))]))
        let error = try #require(throws: ViewTreeError.self) { try ViewTree(json: wide) }
        #expect(error == ViewTreeError(path: "view.root.children.1999", problem: .tooManyNodes(limit: 2_000)))
    }

    @Test func everyNestedViewCounts() throws {
        // Each row is 7 views: the text, a background's fill, an overlay's link and its content,
        // a container background's gauge and its two labels. 285 rows and a root are 1,996; the
        // dark root and its three children make 2,000, and a fourth is one too many.
        let row: JSONValue = .object([
            "type": .string("text"), "text": .string("row"),
            "modifiers": .array([
                .object(["type": .string("background"), "content": .object(["type": .string("fill"), "style": .object(["color": .object(["named": .string("red")])])])]),
                .object(["type": .string("overlay"), "content": .object(["type": .string("link"), "url": .string("https://example.com"), "content": Self.empty])]),
                .object(["type": .string("containerBackground"), "content": .object([
                    "type": .string("gauge"), "value": .integer(1), "label": Self.empty, "currentValueLabel": Self.empty,
                ])]),
            ]),
        ])
        let root: JSONValue = .object(["type": .string("vstack"), "children": .array(Array(repeating: row, count: 285))])
        let dark = { (count: Int) -> JSONValue in
            .object(["type": .string("zstack"), "children": .array(Array(repeating: Self.empty, count: count))])
        }
        #expect(throws: Never.self) { try ViewTree(json: Self.view(root: root, dark: dark(3))) }
        let error = try #require(throws: ViewTreeError.self) { try ViewTree(json: Self.view(root: root, dark: dark(4))) }
        #expect(error == ViewTreeError(path: "view.dark.children.3", problem: .tooManyNodes(limit: 2_000)))
    }
}
