/// The text styling of tree version 4: a text made of runs (`Text + Text`), and the names its
/// modifiers and fonts use. The modifiers themselves are `ViewModifierNode`'s text-style cases.

/// One run of a concatenated text (`Text("a").bold() + Text("b")`): its content and its own
/// modifiers, innermost first, on top of those of the text node that holds it. Only the
/// modifiers that return `Text` in SwiftUI belong here (`isTextRunModifier`).
public struct TextRun: Sendable, Hashable {
    /// A string or a date; never runs of its own (concatenation flattens).
    public var content: TextContent
    public var modifiers: [ViewModifierNode]

    public init(_ content: TextContent, modifiers: [ViewModifierNode] = []) {
        self.content = content
        self.modifiers = modifiers
    }
}

/// What `Font`'s own modifiers add to a font: `italic()`, `monospacedDigit()`, `width(_:)`.
public struct FontTraits: Sendable, Hashable {
    public var italic: Bool
    public var monospacedDigit: Bool
    /// nil: the font's own width.
    public var width: FontWidthName?

    public init(italic: Bool = false, monospacedDigit: Bool = false, width: FontWidthName? = nil) {
        self.italic = italic
        self.monospacedDigit = monospacedDigit
        self.width = width
    }

    /// No trait at all: a font with these is the font itself.
    public var isEmpty: Bool { self == FontTraits() }
}

/// `Font.Width`.
public enum FontWidthName: String, Sendable, Hashable, CaseIterable, Codable {
    case compressed, condensed, standard, expanded
}

/// `Text.Case`.
public enum TextCaseName: String, Sendable, Hashable, CaseIterable, Codable {
    case uppercase, lowercase
}

extension FontSpec {
    /// This font with `traits` added to those it has; the wire holds one set per font.
    public func adding(_ traits: FontTraits) -> FontSpec {
        guard case .modified(let base, let existing) = self else {
            return traits.isEmpty ? self : .modified(self, traits)
        }
        let merged = FontTraits(
            italic: existing.italic || traits.italic,
            monospacedDigit: existing.monospacedDigit || traits.monospacedDigit,
            width: traits.width ?? existing.width)
        return .modified(base, merged)
    }

    /// The font without its traits, and the traits.
    public var withoutTraits: (base: FontSpec, traits: FontTraits) {
        guard case .modified(let base, let traits) = self else { return (self, FontTraits()) }
        let inner = base.withoutTraits
        return (inner.base, FontTraits(
            italic: inner.traits.italic || traits.italic,
            monospacedDigit: inner.traits.monospacedDigit || traits.monospacedDigit,
            width: traits.width ?? inner.traits.width))
    }
}

extension ViewModifierNode {
    /// A modifier SwiftUI has on `Text` returning `Text`, so it can style one run of a
    /// concatenation; the others (layout, `textCase`, `lineLimit`…) apply to a whole view.
    public var isTextRunModifier: Bool {
        switch self {
        case .font, .fontWeight, .foregroundStyle, .italic, .monospacedDigit, .monospaced, .fontWidth,
             .kerning, .tracking, .baselineOffset, .underline, .strikethrough, .fontDesign:
            true
        default:
            false
        }
    }
}
