import WidgetPayload

/// A font, as SwiftUI's: a text style (`.headline`), a system font of a size
/// (`.system(size: 40, weight: .bold, design: .rounded)`), or a named family (`.custom`).
public struct Font: Sendable, Hashable {
    let spec: FontSpec

    init(_ spec: FontSpec) {
        self.spec = spec
    }

    /// A system font of `size` points.
    public static func system(size: Double, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(.system(size: size, weight: weight?.name, design: design?.name))
    }

    /// The system font for a text style; its size is the host's for that style.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(.textStyle(style.name, weight: weight?.name, design: design?.name))
    }

    /// A font family the bundle ships in its assets, or one installed on the system; the host
    /// falls back to the system font when neither has it.
    public static func custom(_ name: String, size: Double) -> Font {
        Font(.custom(name: name, size: size))
    }

    public static let largeTitle = Font.system(.largeTitle)
    public static let title = Font.system(.title)
    public static let title2 = Font.system(.title2)
    public static let title3 = Font.system(.title3)
    public static let headline = Font.system(.headline)
    public static let subheadline = Font.system(.subheadline)
    public static let body = Font.system(.body)
    public static let callout = Font.system(.callout)
    public static let footnote = Font.system(.footnote)
    public static let caption = Font.system(.caption)
    public static let caption2 = Font.system(.caption2)

    /// This font in `weight`. A custom font keeps its own face: the wire names no weight for it.
    public func weight(_ weight: Weight) -> Font {
        switch spec {
        case .textStyle(let style, _, let design): Font(.textStyle(style, weight: weight.name, design: design))
        case .system(let size, _, let design): Font(.system(size: size, weight: weight.name, design: design))
        case .custom: self
        case .modified(let base, let traits): Font(.modified(Font(base).weight(weight).spec, traits))
        }
    }

    /// This font in bold.
    public func bold() -> Font {
        weight(.bold)
    }

    /// SwiftUI's `Font.TextStyle`.
    public enum TextStyle: Sendable, Hashable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        var name: TextStyleName {
            switch self {
            case .largeTitle: .largeTitle
            case .title: .title
            case .title2: .title2
            case .title3: .title3
            case .headline: .headline
            case .subheadline: .subheadline
            case .body: .body
            case .callout: .callout
            case .footnote: .footnote
            case .caption: .caption
            case .caption2: .caption2
            }
        }
    }

    /// SwiftUI's `Font.Weight`.
    public struct Weight: Sendable, Hashable {
        let name: FontWeightName

        public static let ultraLight = Weight(name: .ultraLight)
        public static let thin = Weight(name: .thin)
        public static let light = Weight(name: .light)
        public static let regular = Weight(name: .regular)
        public static let medium = Weight(name: .medium)
        public static let semibold = Weight(name: .semibold)
        public static let bold = Weight(name: .bold)
        public static let heavy = Weight(name: .heavy)
        public static let black = Weight(name: .black)
    }

    /// SwiftUI's `Font.Design`.
    public enum Design: Sendable, Hashable, CaseIterable {
        case `default`, serif, rounded, monospaced

        var name: FontDesignName {
            switch self {
            case .default: .default
            case .serif: .serif
            case .rounded: .rounded
            case .monospaced: .monospaced
            }
        }
    }
}
