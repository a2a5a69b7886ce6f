import WidgetPayload

/// Resolves a `Font` (and `fontWeight`) to the text style Pango draws: iOS's default Dynamic Type
/// sizes for the text styles; Inter for the system font, SF Pro's stand-in (docs/view-tree.md),
/// DejaVu for the designs Inter has no cut of and wherever Inter is not installed.
enum FontResolver {
    static func style(
        _ font: FontSpec, weight override: FontWeightName?,
        alignment: TextAlignmentName = .leading, lineLimit: Int? = nil
    ) -> TextStyle {
        let size: Double
        var weight: FontWeightName
        var design: FontDesignName
        let family: String
        switch font {
        case .textStyle(let name, let explicitWeight, let explicitDesign):
            size = pointSize(name)
            weight = explicitWeight ?? defaultWeight(name)
            design = explicitDesign ?? .default
            family = Self.family(design, size: size)
        case .system(let points, let explicitWeight, let explicitDesign):
            size = points
            weight = explicitWeight ?? .regular
            design = explicitDesign ?? .default
            family = Self.family(design, size: size)
        case .custom(let name, let points):
            size = points
            weight = .regular
            design = .default
            family = name
        case .modified(let base, let traits):
            var style = Self.style(base, weight: override, alignment: alignment, lineLimit: lineLimit)
            style.italic = style.italic || traits.italic
            style.monospacedDigit = style.monospacedDigit || traits.monospacedDigit
            if let width = traits.width { style.width = width }
            return style
        }
        // `fontWeight(_:)` outside the font wins, as the modifier is meant to restyle the text.
        if let override { weight = override }
        return TextStyle(family: family, size: size, weight: weight, design: design, alignment: alignment, lineLimit: lineLimit)
    }

    /// iOS's sizes at the default content size category ("Large").
    static func pointSize(_ style: TextStyleName) -> Double {
        switch style {
        case .largeTitle: 34
        case .title: 28
        case .title2: 22
        case .title3: 20
        case .headline: 17
        case .body: 17
        case .callout: 16
        case .subheadline: 15
        case .footnote: 13
        case .caption: 12
        case .caption2: 11
        }
    }

    static func defaultWeight(_ style: TextStyleName) -> FontWeightName {
        style == .headline ? .semibold : .regular
    }

    /// SF Pro switches from its Text cut to its Display cut at 20 points; Inter has the same two
    /// optical sizes, so the system font does too.
    static let displayCutSize = 20.0

    /// The system font's family for `design` at `size`. Inter has no rounded cut: rounded text
    /// uses it all the same (the design still travels in `TextStyle.design` for a painter that
    /// knows better). Serif and monospaced are DejaVu's.
    static func family(_ design: FontDesignName, size: Double = 17) -> String {
        switch design {
        case .default, .rounded: size >= displayCutSize ? "Inter Display" : "Inter"
        case .serif: "DejaVu Serif"
        case .monospaced: "DejaVu Sans Mono"
        }
    }

    /// Where a family is missing (Inter not installed, a bundle's font not shipped), the family
    /// the renderer drew before Inter, then fontconfig's generic one: never nothing.
    static func fallbackFamilies(_ design: FontDesignName) -> [String] {
        switch design {
        case .default, .rounded: ["DejaVu Sans", "sans-serif"]
        case .serif: ["DejaVu Serif", "serif"]
        case .monospaced: ["DejaVu Sans Mono", "monospace"]
        }
    }
}
