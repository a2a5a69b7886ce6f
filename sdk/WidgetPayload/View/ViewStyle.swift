/// Colours, fills, fonts and alignments as the view tree names them.

/// A colour: sRGB components in 0…1, one of SwiftUI's named colours, which the host resolves
/// for the appearance it draws (`.primary` is black in light, white in dark), or a colour set of
/// the bundle's asset catalog (`Color("Brand")`), resolved by the host the same way (tree version 3).
public enum ColorSpec: Sendable, Hashable {
    case rgba(red: Double, green: Double, blue: Double, alpha: Double)
    case named(NamedColor, opacity: Double)
    case catalog(String, opacity: Double)
}

/// SwiftUI's named colours.
public enum NamedColor: String, Sendable, Hashable, CaseIterable, Codable {
    case primary, secondary, accentColor
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown
    case white, gray, black, clear
    // Version 4: the rest of the label and fill hierarchies, and the system backgrounds.
    case tertiary, quaternary
    case fill, secondaryFill, tertiaryFill, quaternaryFill
    case background, secondaryBackground

    /// The names a version 3 host knows; the others raise a tree to version 4.
    public var isSystemHierarchy: Bool {
        switch self {
        case .tertiary, .quaternary, .fill, .secondaryFill, .tertiaryFill, .quaternaryFill, .background, .secondaryBackground: true
        default: false
        }
    }
}

/// A `ShapeStyle`: a colour, a linear gradient, or the gradient SwiftUI makes of one colour.
public enum FillStyle: Sendable, Hashable {
    case color(ColorSpec)
    case linearGradient(LinearGradientSpec)
    /// `Color.gradient` (SwiftUI's `AnyGradient` of a colour, tree version 6): top to bottom,
    /// from a lighter shade of the colour to the colour. The host makes the shade from the colour
    /// it resolves, so a named or catalog colour gets its gradient in either appearance.
    case colorGradient(ColorSpec)
}

public struct LinearGradientSpec: Sendable, Hashable {
    public var stops: [GradientStopSpec]
    public var startPoint: UnitPointSpec
    public var endPoint: UnitPointSpec

    public init(stops: [GradientStopSpec], startPoint: UnitPointSpec, endPoint: UnitPointSpec) {
        self.stops = stops
        self.startPoint = startPoint
        self.endPoint = endPoint
    }
}

public struct GradientStopSpec: Sendable, Hashable {
    public var color: ColorSpec
    /// 0…1 along the gradient.
    public var location: Double

    public init(color: ColorSpec, location: Double) {
        self.color = color
        self.location = location
    }
}

/// `UnitPoint`: (0, 0) is the top leading corner, (1, 1) the bottom trailing one.
public struct UnitPointSpec: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A `Font`.
public enum FontSpec: Sendable, Hashable {
    /// A text style: its size, weight and design are the host's (`TextStyleName`).
    case textStyle(TextStyleName, weight: FontWeightName?, design: FontDesignName?)
    /// `.system(size:weight:design:)`.
    case system(size: Double, weight: FontWeightName?, design: FontDesignName?)
    /// `.custom(_:size:)`: a font family the bundle ships in its assets, or one installed on
    /// the system; the host falls back to the system font when neither has it.
    case custom(name: String, size: Double)
    /// A font with `Font`'s own modifiers, `italic()`, `monospacedDigit()`, `width(_:)`, on a
    /// font without any (tree version 4; `adding(_:)` keeps it one level deep).
    indirect case modified(FontSpec, FontTraits)
}

/// `Font.TextStyle`.
public enum TextStyleName: String, Sendable, Hashable, CaseIterable, Codable {
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
}

/// `Font.Weight`.
public enum FontWeightName: String, Sendable, Hashable, CaseIterable, Codable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
}

/// `Font.Design`.
public enum FontDesignName: String, Sendable, Hashable, CaseIterable, Codable {
    case `default`, serif, rounded, monospaced
}

/// `HorizontalAlignment`.
public enum HorizontalAlignmentName: String, Sendable, Hashable, CaseIterable, Codable {
    case leading, center, trailing
}

/// `VerticalAlignment`; the baselines align text's first or last baseline.
public enum VerticalAlignmentName: String, Sendable, Hashable, CaseIterable, Codable {
    case top, center, bottom, firstTextBaseline, lastTextBaseline
}

/// `Alignment`: a horizontal and a vertical alignment.
public enum AlignmentName: String, Sendable, Hashable, CaseIterable, Codable {
    case topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing
}

/// `TextAlignment`.
public enum TextAlignmentName: String, Sendable, Hashable, CaseIterable, Codable {
    case leading, center, trailing
}

/// `Text.TruncationMode`: where a text that does not fit is cut: at its start, its middle or
/// its end.
public enum TruncationModeName: String, Sendable, Hashable, CaseIterable, Codable {
    case head, middle, tail
}

/// `ContentMode`.
public enum ContentModeName: String, Sendable, Hashable, CaseIterable, Codable {
    case fit, fill
}
