import WidgetPayload

// The text styles of the text inside a view, SwiftUI's `View` twins of `Text`'s (Text+Styles.swift),
// and `textCase(_:)`, which SwiftUI has only on `View`.

extension View {
    /// The text in this view in italics, when `isActive`.
    public func italic(_ isActive: Bool = true) -> some View {
        modifier(optional: isActive ? .italic : nil)
    }

    /// The text in this view with digits of one width, so numbers that change keep their place.
    public func monospacedDigit() -> some View {
        modifier(.monospacedDigit)
    }

    /// The text in this view in the fixed-width variant of its font, when `isActive`.
    public func monospaced(_ isActive: Bool = true) -> some View {
        modifier(optional: isActive ? .monospaced : nil)
    }

    /// The text in this view in `width` of its font; nil keeps the width in effect.
    public func fontWidth(_ width: Font.Width?) -> some View {
        modifier(optional: width.map { .fontWidth($0.name) })
    }

    /// The text in this view in `design` of the system font (iOS 16.1), where the font in effect
    /// names no design of its own; nil keeps the design in effect.
    public func fontDesign(_ design: Font.Design?) -> some View {
        modifier(optional: design.map { .fontDesign($0.name) })
    }

    /// Points added between the lines of the text in this view (none below zero).
    public func lineSpacing(_ lineSpacing: Double) -> some View {
        modifier(.lineSpacing(max(0, lineSpacing.finite(or: 0))))
    }

    /// Points added between the characters of the text in this view.
    public func kerning(_ kerning: Double) -> some View {
        modifier(.kerning(kerning))
    }

    /// Points added after each character of the text in this view; wins over `kerning`.
    public func tracking(_ tracking: Double) -> some View {
        modifier(.tracking(tracking))
    }

    /// The text in this view raised by `offset` points (lowered when negative).
    public func baselineOffset(_ offset: Double) -> some View {
        modifier(.baselineOffset(offset))
    }

    /// The text in this view underlined, when `isActive`, in `color` (nil: the text's colour).
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> some View {
        modifier(optional: isActive ? .underline(color: color?.spec) : nil)
    }

    /// The text in this view struck through, when `isActive`, in `color` (nil: the text's colour).
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> some View {
        modifier(optional: isActive ? .strikethrough(color: color?.spec) : nil)
    }

    /// The text in this view drawn in upper or lower case; nil draws it as written, even inside
    /// a view that set a case.
    public func textCase(_ textCase: Text.Case?) -> some View {
        modifier(.textCase(textCase?.name))
    }
}
