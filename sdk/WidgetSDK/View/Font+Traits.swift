import WidgetPayload

// `Font`'s own modifiers beyond weight: they make a new font, so an inner `font(_:)` replaces
// them with the rest of the font, as in SwiftUI.

extension Font {
    /// This font in italics.
    public func italic() -> Font {
        Font(spec.adding(FontTraits(italic: true)))
    }

    /// This font with digits of one width.
    public func monospacedDigit() -> Font {
        Font(spec.adding(FontTraits(monospacedDigit: true)))
    }

    /// This font in `width`.
    public func width(_ width: Width) -> Font {
        Font(spec.adding(FontTraits(width: width.name)))
    }

    /// The fixed-width variant of this font: the system font's monospaced design; a custom font
    /// has none here and stays as it is.
    public func monospaced() -> Font {
        Font(Self.monospaced(spec))
    }

    private static func monospaced(_ spec: FontSpec) -> FontSpec {
        switch spec {
        case .textStyle(let style, let weight, _): .textStyle(style, weight: weight, design: .monospaced)
        case .system(let size, let weight, _): .system(size: size, weight: weight, design: .monospaced)
        case .custom: spec
        case .modified(let base, let traits): .modified(monospaced(base), traits)
        }
    }

    /// SwiftUI's `Font.Width`.
    public struct Width: Sendable, Hashable {
        let name: FontWidthName

        public static let compressed = Width(name: .compressed)
        public static let condensed = Width(name: .condensed)
        public static let standard = Width(name: .standard)
        public static let expanded = Width(name: .expanded)
    }
}
