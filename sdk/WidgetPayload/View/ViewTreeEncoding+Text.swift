/// The text of tree version 4 as `docs/view-tree.md` writes it: runs, the text-style modifiers
/// and a FONT's traits.
extension ViewTreeEncoding {
    /// `members` with the content's `text`, `date` and `style`, or `runs`.
    static func textContent(_ content: TextContent, _ members: Members) -> Members {
        var members = members
        switch content {
        case .verbatim(let text):
            members["text"] = .string(text)
        case .date(let seconds, let style):
            members["date"] = number(seconds)
            members["style"] = .string(style.rawValue)
        case .runs(let runs):
            members["runs"] = .array(runs.map(run))
        }
        return members
    }

    private static func run(_ run: TextRun) -> JSONValue {
        var members = textContent(run.content, [:])
        if !run.modifiers.isEmpty { members["modifiers"] = .array(run.modifiers.map(modifier)) }
        return .object(members)
    }

    /// A text-style modifier's members (`modifier` hands on only those).
    static func textStyle(_ modifier: ViewModifierNode) -> Members {
        switch modifier {
        case .italic: return ["type": .string("italic")]
        case .monospacedDigit: return ["type": .string("monospacedDigit")]
        case .monospaced: return ["type": .string("monospaced")]
        case .fontWidth(let width): return ["type": .string("fontWidth"), "width": .string(width.rawValue)]
        case .kerning(let value): return ["type": .string("kerning"), "value": number(value)]
        case .tracking(let value): return ["type": .string("tracking"), "value": number(value)]
        case .baselineOffset(let value): return ["type": .string("baselineOffset"), "value": number(value)]
        case .underline(let color): return line("underline", color)
        case .strikethrough(let color): return line("strikethrough", color)
        case .textCase(let textCase): return ["type": .string("textCase"), "case": textCase.map { .string($0.rawValue) } ?? .null]
        default: preconditionFailure("\(modifier) is not a text-style modifier")
        }
    }

    private static func line(_ type: String, _ color: ColorSpec?) -> Members {
        guard let color else { return ["type": .string(type)] }
        return ["type": .string(type), "color": self.color(color)]
    }

    /// A FONT's `italic`, `monospacedDigit` and `width`, each left out at its default.
    static func traits(_ traits: FontTraits) -> Members {
        var members: Members = [:]
        if traits.italic { members["italic"] = .bool(true) }
        if traits.monospacedDigit { members["monospacedDigit"] = .bool(true) }
        if let width = traits.width { members["width"] = .string(width.rawValue) }
        return members
    }
}
