import WidgetPayload

/// The text-style modifiers in effect (tree version 4: `italic`, `underline`, `tracking`,
/// `textCase`…), inherited like the font: the innermost setting of each wins.
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
        default: return false
        }
        return true
    }

    /// `font` as `monospaced()` makes it: the system font's monospaced design; a custom font has
    /// no fixed-width variant the host knows, so it stays.
    func font(_ font: FontSpec) -> FontSpec {
        guard monospaced else { return font }
        switch font {
        case .textStyle(let style, let weight, _): return .textStyle(style, weight: weight, design: .monospaced)
        case .system(let size, let weight, _): return .system(size: size, weight: weight, design: .monospaced)
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
        style.underline = underline.map { TextStyle.Line(color: $0.color.map(paints.rgba)) }
        style.strikethrough = strikethrough.map { TextStyle.Line(color: $0.color.map(paints.rgba)) }
    }
}
