/// The text of `docs/view-tree.md`: a string, a date or runs; the text-style modifiers; a FONT's traits.
extension ViewTreeReader {
    /// A text's content: `text`, `date` with `style`, or (in a text node, not in a run) `runs`.
    mutating func textContent(_ members: Members, allowingRuns: Bool) throws(ViewTreeError) -> TextContent {
        switch try variant(members, allowingRuns ? ["text", "date", "runs"] : ["text", "date"]) {
        case "text":
            return .verbatim(try requiredString(members, "text"))
        case "date":
            let seconds = try requiredNumber(members, "date", .supportedDate)
            return .date(seconds, style: try name(members, "style", default: nil))
        default:
            return .runs(try runs(members))
        }
    }

    /// The `runs` array: each run counts as a view towards `ViewTree.Limits.maxNodes`.
    private mutating func runs(_ members: Members) throws(ViewTreeError) -> [TextRun] {
        enter("runs")
        defer { leave() }
        let elements = try array(members["runs"] ?? .array([]))
        var runs: [TextRun] = []
        runs.reserveCapacity(min(elements.count, 32))
        for (index, element) in elements.enumerated() {
            enter(index)
            try countNode()
            let run = try object(element)
            let content = try textContent(run, allowingRuns: false)
            runs.append(TextRun(content, modifiers: try runModifiers(run)))
            leave()
        }
        return runs
    }

    /// A run's `modifiers`: only those SwiftUI has on `Text` returning `Text`.
    private mutating func runModifiers(_ run: Members) throws(ViewTreeError) -> [ViewModifierNode] {
        guard let list = run["modifiers"] else { return [] }
        enter("modifiers")
        defer { leave() }
        let elements = try array(list)
        var modifiers: [ViewModifierNode] = []
        modifiers.reserveCapacity(min(elements.count, 32))
        for (index, element) in elements.enumerated() {
            enter(index)
            _ = try type(try object(element), allowed: ViewWireNames.textRunModifierTypes)
            // Run modifiers hold no views, so the depth is never reached.
            modifiers.append(try modifier(element, depth: 1))
            leave()
        }
        return modifiers
    }

    /// A text-style modifier (`ViewWireNames.textStyleModifierTypes`) of `type`.
    mutating func textStyle(_ type: String, _ members: Members) throws(ViewTreeError) -> ViewModifierNode {
        switch type {
        case "italic": return .italic
        case "monospacedDigit": return .monospacedDigit
        case "monospaced": return .monospaced
        case "fontWidth": return .fontWidth(try name(members, "width", default: nil))
        case "kerning": return .kerning(try requiredNumber(members, "value", .any))
        case "tracking": return .tracking(try requiredNumber(members, "value", .any))
        case "baselineOffset": return .baselineOffset(try requiredNumber(members, "value", .any))
        case "underline": return .underline(color: try optionalColor(members))
        case "strikethrough": return .strikethrough(color: try optionalColor(members))
        default: // "textCase"
            guard let value = members["case"] else { throw error(.missingMember("case")) }
            if case .null = value { return .textCase(nil) }
            return .textCase(try name(members, "case", default: nil))
        }
    }

    private mutating func optionalColor(_ members: Members) throws(ViewTreeError) -> ColorSpec? {
        guard members["color"] != nil else { return nil }
        return try color(members, "color")
    }

    /// A FONT's `italic`, `monospacedDigit` and `width` (version 4), each optional.
    func fontTraits(_ font: Members) throws(ViewTreeError) -> FontTraits {
        FontTraits(
            italic: try bool(font, "italic", default: false),
            monospacedDigit: try bool(font, "monospacedDigit", default: false),
            width: font["width"] == nil ? nil : try name(font, "width", default: nil) as FontWidthName)
    }
}
