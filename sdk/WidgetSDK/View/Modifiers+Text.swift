import WidgetPayload

// The modifiers that style the text and symbols inside a view.

extension View {
    /// The font for the text in this view; nil keeps the font in effect.
    public func font(_ font: Font?) -> some View {
        modifier(optional: font.map { .font($0.spec) })
    }

    /// The weight of the font in effect, for the text in this view; nil keeps it.
    public func fontWeight(_ weight: Font.Weight?) -> some View {
        modifier(optional: weight.map { .fontWeight($0.name) })
    }

    /// The text in this view in bold, when `isActive`.
    public func bold(_ isActive: Bool = true) -> some View {
        modifier(optional: isActive ? .fontWeight(.bold) : nil)
    }

    /// Colours the text, symbols and unfilled shapes in this view with `style`.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        modifier(.foregroundStyle(style._fillStyle))
    }

    /// Colours the text, symbols and unfilled shapes in this view; nil keeps the colour in effect.
    public func foregroundColor(_ color: Color?) -> some View {
        modifier(optional: color.map { .foregroundStyle($0._fillStyle) })
    }

    /// At most `lines` lines of text, the last truncated; nil for as many as it takes.
    public func lineLimit(_ lines: Int?) -> some View {
        modifier(.lineLimit(lines))
    }

    /// How the lines of multi-line text line up.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        modifier(.multilineTextAlignment(alignment.name))
    }

    /// How far text may shrink, as a fraction of its font size, to fit before it is truncated.
    public func minimumScaleFactor(_ factor: Double) -> some View {
        modifier(.minimumScaleFactor(factor))
    }

    /// Where the text in this view that does not fit is cut, marked with an ellipsis: at its
    /// start (`.head`), its middle or its end (`.tail`, the default).
    public func truncationMode(_ mode: Text.TruncationMode) -> some View {
        modifier(.truncationMode(mode.name))
    }

    /// This view with `node` among its modifiers, or unchanged when there is none (SwiftUI's
    /// nil arguments, which keep what is in effect).
    func modifier(optional node: ViewModifierNode?) -> ModifiedView<Self> {
        ModifiedView(self, node.map { .node($0) } ?? .unchanged)
    }
}
