import Testing
import WidgetPayload

// Each way a view tree is refused, with the exact path and problem (docs/view-tree.md).

@Suite struct ViewTreeErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let document: String
        let path: String
        let problem: ViewTreeError.Problem
        var testDescription: String { path }
    }

    /// A tree whose root is `root`.
    private static func tree(_ root: String) -> String { #"{"version": 1, "root": \#(root)}"# }

    /// A tree whose third child of a vstack root is `child`: so paths run through children.
    private static func third(_ child: String) -> String {
        tree(#"{"type": "vstack", "children": [{"type": "empty"}, {"type": "divider"}, \#(child)]}"#)
    }

    static let cases: [Case] = [
        Case(document: tree(#"{"type": "vstack"}"#), path: "view.root", problem: .missingMember("children")),
        Case(document: #"{"root": {"type": "empty"}}"#, path: "view", problem: .missingMember("version")),
        Case(document: #"{"version": 1}"#, path: "view", problem: .missingMember("root")),
        Case(document: tree(#"{"text": "Hi"}"#), path: "view.root", problem: .missingMember("type")),
        Case(document: #"[1]"#, path: "view", problem: .wrongType(expected: "an object", found: "an array")),
        Case(document: tree(#""Hi""#), path: "view.root", problem: .wrongType(expected: "an object", found: "a string")),
        Case(document: tree(#"{"type": "vstack", "spacing": "4", "children": []}"#), path: "view.root.spacing",
             problem: .wrongType(expected: "a number", found: "a string")),
        Case(document: tree(#"{"type": "vstack", "children": {"type": "empty"}}"#), path: "view.root.children",
             problem: .wrongType(expected: "an array", found: "an object")),
        Case(document: tree(#"{"type": "empty", "modifiers": [{"type": "lineLimit", "lines": "2"}]}"#), path: "view.root.modifiers.0.lines",
             problem: .wrongType(expected: "an integer or null", found: "a string")),
        Case(document: tree(#"{"type": "empty", "modifiers": [{"type": "lineLimit", "lines": 1.5}]}"#), path: "view.root.modifiers.0.lines",
             problem: .wrongType(expected: "an integer or null", found: "a number with a fraction")),
        Case(document: tree(#"{"type": "empty", "modifiers": [{"type": "padding", "top": "infinity"}]}"#), path: "view.root.modifiers.0.top",
             problem: .wrongType(expected: "a number", found: "a string")),
        Case(document: tree(#"{"type": "empty", "modifiers": [{"type": "fixedSize", "vertical": 1}]}"#), path: "view.root.modifiers.0.vertical",
             problem: .wrongType(expected: "a boolean", found: "a number")),
        Case(document: tree(#"{"type": "spacer", "minLength": null}"#), path: "view.root.minLength",
             problem: .wrongType(expected: "a number", found: "null")),
        Case(document: third(#"{"type": "txt"}"#), path: "view.root.children.2.type",
             problem: .unknownType("txt", allowed: ["empty", "text", "image", "vstack", "hstack", "zstack", "spacer", "divider", "fill", "shape", "progress", "gauge", "link", "button", "toggle", "viewThatFits", "grid", "gridRow", "canvas"])),
        Case(document: third(#"{"type": "empty", "modifiers": [{"type": "opacity", "value": 1}, {"type": "hueRotation"}]}"#), path: "view.root.children.2.modifiers.1.type",
             problem: .unknownType("hueRotation", allowed: ["font", "fontWeight", "foregroundStyle", "padding", "frame", "fixedSize", "layoutPriority", "background", "overlay", "mask", "clipShape", "opacity", "lineLimit", "multilineTextAlignment", "minimumScaleFactor", "resizable", "aspectRatio", "containerBackground", "widgetURL", "redacted", "privacySensitive", "invalidatableContent", "rotationEffect", "unredacted", "widgetAccentable", "offset", "scaleEffect", "shadow", "blur", "tint", "buttonStyle", "truncationMode", "italic", "monospacedDigit", "monospaced", "fontWidth", "kerning", "tracking", "baselineOffset", "underline", "strikethrough", "textCase",
                                                               "symbolRenderingMode", "symbolVariant", "imageScale", "secondaryForegroundStyles", "symbolVariableValue",
                                                               "fontDesign", "lineSpacing", "imageRenderingMode"])),
        Case(document: tree(#"{"type": "shape", "shape": {"type": "star"}}"#), path: "view.root.shape.type",
             problem: .unknownType("star", allowed: ["rectangle", "roundedRectangle", "circle", "ellipse", "capsule", "containerRelative", "path"])),
        Case(document: third(#"{"type": "text", "text": "Hi", "modifiers": [{"type": "font", "font": {"size": 12, "weight": "heavyish"}}]}"#),
             path: "view.root.children.2.modifiers.0.font.weight",
             problem: .unknownValue("heavyish", allowed: ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"])),
        Case(document: tree(#"{"type": "hstack", "alignment": "leading", "children": []}"#), path: "view.root.alignment",
             problem: .unknownValue("leading", allowed: ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"])),
        Case(document: tree(#"{"type": "empty", "modifiers": [{"type": "frame", "maxWidth": "inf"}]}"#), path: "view.root.modifiers.0.maxWidth",
             problem: .unknownValue("inf", allowed: ["infinity"])),
        Case(document: third(#"{"type": "text", "text": "Hi", "modifiers": [{"type": "font", "font": {"size": -1}}]}"#),
             path: "view.root.children.2.modifiers.0.font.size", problem: .outOfRange(value: -1, range: "≥ 0")),
        Case(document: tree(#"{"type": "empty", "modifiers": [{"type": "opacity", "value": 1.5}]}"#), path: "view.root.modifiers.0.value",
             problem: .outOfRange(value: 1.5, range: "0…1")),
        Case(document: tree(#"{"type": "empty", "modifiers": [{"type": "lineLimit", "lines": 0}]}"#), path: "view.root.modifiers.0.lines",
             problem: .outOfRange(value: 0, range: "≥ 1")),
        Case(document: tree(#"{"type": "empty", "modifiers": [{"type": "frame", "minWidth": -0.5}]}"#), path: "view.root.modifiers.0.minWidth",
             problem: .outOfRange(value: -0.5, range: "≥ 0")),
        Case(document: tree(#"{"type": "shape", "shape": {"type": "roundedRectangle", "cornerRadius": -2}}"#), path: "view.root.shape.cornerRadius",
             problem: .outOfRange(value: -2, range: "≥ 0")),
        Case(document: tree(#"{"type": "shape", "shape": {"type": "circle"}, "stroke": {"lineWidth": -1}}"#), path: "view.root.stroke.lineWidth",
             problem: .outOfRange(value: -1, range: "≥ 0")),
        Case(document: tree(#"{"type": "empty", "modifiers": [{"type": "minimumScaleFactor", "factor": -0.1}]}"#), path: "view.root.modifiers.0.factor",
             problem: .outOfRange(value: -0.1, range: "0…1")),
        Case(document: tree(#"{"type": "fill", "style": {"color": {"rgba": [1, 0, 2, 1]}}}"#), path: "view.root.style.color.rgba.2",
             problem: .outOfRange(value: 2, range: "0…1")),
        Case(document: tree(#"{"type": "progress", "value": 1, "total": 0}"#), path: "view.root.total", problem: .outOfRange(value: 0, range: "> 0")),
        Case(document: tree(#"{"type": "text", "date": 1767225600000, "style": "time"}"#), path: "view.root.date",
             problem: .outOfRange(value: 1_767_225_600_000, range: "in years 1 to 9999 (UTC), -62135769600 ≤ seconds < 253402300800 (seconds, not milliseconds)")),
        Case(document: #"{"version": 0, "root": {"type": "empty"}}"#, path: "view.version", problem: .outOfRange(value: 0, range: "≥ 1")),
        Case(document: #"{"version": 99, "root": {"type": "nextYearsView"}}"#, path: "view.version",
             problem: .unsupportedVersion(found: 99, supported: ViewTree.currentVersion)),
        Case(document: tree(#"{"type": "image", "asset": ""}"#), path: "view.root.asset", problem: .emptyString),
        Case(document: tree(#"{"type": "image", "appGroup": "group.a", "path": ""}"#), path: "view.root.path", problem: .emptyString),
        Case(document: tree(#"{"type": "empty", "modifiers": [{"type": "font", "font": {"custom": "", "size": 12}}]}"#), path: "view.root.modifiers.0.font.custom",
             problem: .emptyString),
        Case(document: tree(#"{"type": "link", "url": "", "content": {"type": "empty"}}"#), path: "view.root.url", problem: .emptyString),
        Case(document: tree(#"{"type": "text", "text": "Hi", "date": 0, "style": "time"}"#), path: "view.root",
             problem: .exactlyOneOf(["text", "date", "runs"], found: ["text", "date"])),
        Case(document: tree(#"{"type": "text"}"#), path: "view.root", problem: .exactlyOneOf(["text", "date", "runs"], found: [])),
        Case(document: tree(#"{"type": "image", "asset": "a", "appGroup": "group.a", "path": "b"}"#), path: "view.root",
             problem: .exactlyOneOf(["asset", "system", "appGroup", "data"], found: ["asset", "appGroup"])),
        Case(document: tree(#"{"type": "fill", "style": {"color": {"named": "red", "rgba": [0, 0, 0, 1]}}}"#), path: "view.root.style.color",
             problem: .exactlyOneOf(["rgba", "named", "catalog"], found: ["rgba", "named"])),
        Case(document: tree(#"{"type": "fill", "style": {}}"#), path: "view.root.style", problem: .exactlyOneOf(["color", "linearGradient", "colorGradient"], found: [])),
        Case(document: tree(#"{"type": "empty", "modifiers": [{"type": "font", "font": {"textStyle": "body", "size": 12}}]}"#), path: "view.root.modifiers.0.font",
             problem: .exactlyOneOf(["textStyle", "size", "custom"], found: ["textStyle", "size"])),
        Case(document: tree(#"{"type": "empty", "modifiers": [{"type": "font", "font": {"custom": "Inter"}}]}"#), path: "view.root.modifiers.0.font",
             problem: .missingMember("size")),
        Case(document: tree(#"{"type": "fill", "style": {"color": {"rgba": [1, 0, 0]}}}"#), path: "view.root.style.color.rgba",
             problem: .wrongCount(expected: 4, found: 3)),
        Case(document: tree(#"{"type": "fill", "style": {"linearGradient": {"stops": [], "startPoint": [0], "endPoint": [1, 1]}}}"#),
             path: "view.root.style.linearGradient.startPoint", problem: .wrongCount(expected: 2, found: 1)),
        Case(document: tree(#"""
            {"type": "empty", "modifiers": [{"type": "background", "content": {"type": "fill", "style": {"linearGradient": {
                "stops": [{"color": {"named": "red"}, "location": 0}, {"color": {"named": "blue"}, "location": 1.25}],
                "startPoint": [0, 0], "endPoint": [1, 1]}}}}]}
            """#), path: "view.root.modifiers.0.content.style.linearGradient.stops.1.location", problem: .outOfRange(value: 1.25, range: "0…1")),
        Case(document: #"""
            {"version": 1, "root": {"type": "empty"},
             "dark": {"type": "zstack", "children": [{"type": "text", "text": "Hi", "modifiers": [{"type": "multilineTextAlignment", "alignment": "justified"}]}]}}
            """#, path: "view.dark.children.0.modifiers.0.alignment", problem: .unknownValue("justified", allowed: ["leading", "center", "trailing"])),
        Case(document: tree(#"{"type": "gauge", "value": 1, "label": {"type": "text", "text": "a"}, "currentValueLabel": {"type": "image"}}"#),
             path: "view.root.currentValueLabel", problem: .exactlyOneOf(["asset", "system", "appGroup", "data"], found: [])),
        Case(document: tree(#"{"type": "link", "url": "https://example.com", "content": {"type": "spacer", "minLength": -1}}"#),
             path: "view.root.content.minLength", problem: .outOfRange(value: -1, range: "≥ 0")),
    ]

    @Test(arguments: cases)
    func aBadTreeNamesItsPathAndProblem(_ testCase: Case) throws {
        let json = try ViewTreeSamples.json(testCase.document)
        let error = try #require(throws: ViewTreeError.self) { try ViewTree(json: json) }
        #expect(error.path == testCase.path)
        #expect(error.problem == testCase.problem)
        #expect(error.description.hasPrefix("view tree: \(testCase.path): "))
    }

    @Test func aNumberThatJSONCannotHoldIsRefused() throws {
        // Only a JSONValue built in memory can hold one; the host may be handed such a value.
        for number in [Double.nan, .infinity, -.infinity] {
            let json: JSONValue = .object(["version": .integer(1), "root": .object([
                "type": .string("empty"),
                "modifiers": .array([.object(["type": .string("padding"), "leading": .number(number)])]),
            ])])
            let error = try #require(throws: ViewTreeError.self) { try ViewTree(json: json) }
            #expect(error == ViewTreeError(path: "view.root.modifiers.0.leading", problem: .notFinite))
        }
        let frame: JSONValue = .object(["version": .integer(1), "root": .object([
            "type": .string("empty"),
            "modifiers": .array([.object(["type": .string("frame"), "maxWidth": .number(.infinity)])]),
        ])])
        // A frame spells infinity as the string; the number is refused there too.
        let error = try #require(throws: ViewTreeError.self) { try ViewTree(json: frame) }
        #expect(error == ViewTreeError(path: "view.root.modifiers.0.maxWidth", problem: .notFinite))
    }

    @Test func aNewerTreeSaysWhichVersionsAndToUpdateTheHost() throws {
        let json = try ViewTreeSamples.json(#"{"version": 99, "root": {"type": "empty"}}"#)
        let error = try #require(throws: ViewTreeError.self) { try ViewTree(json: json) }
        #expect(error.problem == .unsupportedVersion(found: 99, supported: ViewTree.currentVersion))
        #expect(error.description.contains("version 99"))
        #expect(error.description.contains("(\(ViewTree.currentVersion))"))
        #expect(error.description.contains("update the host"))
    }

    @Test func descriptionsSayWhatToDo() {
        let missing = ViewTreeError(path: "view.root", problem: .missingMember("children"))
        #expect(missing.description == #"view tree: view.root: missing member "children"; add it (docs/view-tree.md lists each type's members)"#)
        let conflict = ViewTreeError(path: "view.root", problem: .exactlyOneOf(["asset", "system", "appGroup", "data"], found: ["asset", "system"]))
        #expect(conflict.description == #"view tree: view.root: has "asset" and "system", which exclude each other; keep one"#)
        let none = ViewTreeError(path: "view.root", problem: .exactlyOneOf(["asset", "system", "appGroup", "data"], found: []))
        #expect(none.description == #"view tree: view.root: needs one of "asset", "system", "appGroup" or "data"; add one"#)
        let range = ViewTreeError(path: "view.root.modifiers.0.lines", problem: .outOfRange(value: 0, range: "≥ 1"))
        #expect(range.description == "view tree: view.root.modifiers.0.lines: 0 is out of range: it must be ≥ 1")
    }
}
