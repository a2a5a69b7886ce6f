import WidgetPayload

/// The text-style modifiers in effect (tree version 4: `italic`, `underline`, `tracking`,
/// `textCase`…; version 8: `fontDesign`, `lineSpacing`), inherited like the font: the innermost
/// setting of each wins.
struct TextStyleModifiers {
    var italic = false
    var monospacedDigit = false
    var monospaced = false
    var width: FontWidthName?
    var kerning: Double?
    var tracking: Double?
    var baselineOffset: Double?
    /// Present when the text is underlined: its colour, nil for the text's.
    var underline: Line?
    var strikethrough: Line?
    var textCase: TextCaseName?
    /// `fontDesign`: the design of a system font that names none.
    var design: FontDesignName?
    /// Points between lines.
    var lineSpacing: Double?

    struct Line {
        var color: ColorSpec?
    }

    /// Applies a text-style modifier; false for any other.
    mutating func apply(_ modifier: ViewModifierNode) -> Bool {
        switch modifier {
        case .italic: italic = true
        case .monospacedDigit: monospacedDigit = true
        case .monospaced: monospaced = true
        case .fontWidth(let width): self.width = width
        case .kerning(let points): kerning = points
        case .tracking(let points): tracking = points
        case .baselineOffset(let points): baselineOffset = points
        case .underline(let color): underline = Line(color: color)
        case .strikethrough(let color): strikethrough = Line(color: color)
        case .textCase(let textCase): self.textCase = textCase
        case .fontDesign(let design): self.design = design
        case .lineSpacing(let points): lineSpacing = points
        default: return false
        }
        return true
    }

    /// `font` as `monospaced()` makes it: the system font's monospaced design; else as
    /// `fontDesign` makes it: its design where it names none. A custom font has no variants the
    /// host knows, so it stays.
    func font(_ font: FontSpec) -> FontSpec {
        guard monospaced || design != nil else { return font }
        switch font {
        case .textStyle(let style, let weight, let own): return .textStyle(style, weight: weight, design: monospaced ? .monospaced : own ?? design)
        case .system(let size, let weight, let own): return .system(size: size, weight: weight, design: monospaced ? .monospaced : own ?? design)
        case .custom: return font
        case .modified(let base, let traits): return .modified(self.font(base), traits)
        }
    }

    /// `style` with these modifiers; the lines' colours resolved by `paints`.
    func apply(to style: inout TextStyle, paints: PaintResolver) {
        if italic { style.italic = true }
        if monospacedDigit { style.monospacedDigit = true }
        if let width { style.width = width }
        // One letter spacing in Pango: tracking when set, as it spaces every character the same.
        style.tracking = tracking ?? kerning ?? 0
        style.baselineOffset = baselineOffset ?? 0
        style.lineSpacing = lineSpacing ?? 0
        style.underline = underline.map { TextStyle.Line(color: $0.color.map(paints.rgba)) }
        style.strikethrough = strikethrough.map { TextStyle.Line(color: $0.color.map(paints.rgba)) }
    }
}
