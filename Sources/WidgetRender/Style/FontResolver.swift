import WidgetPayload

/// Resolves a `Font` (and `fontWeight`) to the text style Pango draws: iOS's default Dynamic Type
/// sizes for the text styles, DejaVu for the system designs.
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
            family = Self.family(design)
        case .system(let points, let explicitWeight, let explicitDesign):
            size = points
            weight = explicitWeight ?? .regular
            design = explicitDesign ?? .default
            family = Self.family(design)
        case .custom(let name, let points):
            size = points
            weight = .regular
            design = .default
            family = name
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

    /// DejaVu has no rounded cut: rounded text uses the sans family (the design still travels in
    /// `TextStyle.design` for a painter that knows better).
    static func family(_ design: FontDesignName) -> String {
        switch design {
        case .default, .rounded: "DejaVu Sans"
        case .serif: "DejaVu Serif"
        case .monospaced: "DejaVu Sans Mono"
        }
    }
}
