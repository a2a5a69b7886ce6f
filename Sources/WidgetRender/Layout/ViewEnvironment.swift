import WidgetPayload

/// What a view inherits from its ancestors, like SwiftUI's environment: set by a modifier, seen
/// by everything inside it unless an inner modifier sets it again.
struct ViewEnvironment {
    var font: FontSpec = .textStyle(.body, weight: nil, design: nil)
    var fontWeight: FontWeightName?
    /// nil: `.primary`.
    var foreground: FillStyle?
    /// `tint(_:)`: what controls and indicators draw their value in; nil for the foreground, or
    /// the accent colour.
    var tint: FillStyle?
    /// `buttonStyle(_:)`: how the buttons inside are drawn.
    var buttonStyle: ButtonStyleName = .automatic
    var lineLimit: Int?
    var textAlignment: TextAlignmentName = .leading
    var minimumScaleFactor: Double = 1
    /// `truncationMode(_:)`: where text that does not fit is cut.
    var truncationMode: TruncationModeName = .tail
    /// Text and images draw as placeholder shapes.
    var isRedacted = false
    /// The reasons to redact in effect (`redacted(reason:)`, and the host's own).
    var redactionReasons: RedactionReasonNames = []
    /// The nearest enclosing stack's axis: a `Divider` draws across it.
    var stackAxis: Axis?
    /// `italic`, `underline`, `tracking`, `textCase` and the other text styles of version 4.
    var textStyles = TextStyleModifiers()
    /// The symbol modifiers of version 7.
    var symbolStyles = SymbolStyleModifiers()

    /// Adds reasons to redact: a placeholder redacts everything inside it.
    mutating func redact(_ reasons: RedactionReasonNames) {
        redactionReasons.formUnion(reasons)
        if reasons.contains(.placeholder) { isRedacted = true }
    }

    /// Applies an environment modifier; false for a modifier that is not one (layout and drawing
    /// modifiers wrap the view instead).
    mutating func apply(_ modifier: ViewModifierNode) -> Bool {
        switch modifier {
        case .font(let font): self.font = font
        case .fontWeight(let weight): fontWeight = weight
        case .foregroundStyle(let style): foreground = style
        case .tint(let style): tint = style
        case .buttonStyle(let style): buttonStyle = style
        case .lineLimit(let limit): lineLimit = limit
        case .multilineTextAlignment(let alignment): textAlignment = alignment
        case .minimumScaleFactor(let factor): minimumScaleFactor = min(max(factor, 0.01), 1)
        case .truncationMode(let mode): truncationMode = mode
        case .redacted(let reasons): redact(reasons)
        case .unredacted:
            redactionReasons = []
            isRedacted = false
        case .privacySensitive: isRedacted = isRedacted || redactionReasons.contains(.privacy)
        default: return textStyles.apply(modifier) || symbolStyles.apply(modifier)
        }
        return true
    }

    /// The text style text drawn here uses.
    var textStyle: TextStyle {
        var style = FontResolver.style(font, weight: fontWeight, alignment: textAlignment, lineLimit: lineLimit)
        style.truncationMode = truncationMode
        return style
    }
}
