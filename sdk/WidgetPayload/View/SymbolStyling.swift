/// `SymbolRenderingMode`: how a symbol's layers are coloured.
public enum SymbolRenderingModeName: String, Sendable, Hashable, CaseIterable, Codable {
    /// Every layer in the foreground style.
    case monochrome
    /// Layers in the foreground style at decreasing opacity.
    case hierarchical
    /// Layers in the primary, secondary and tertiary foreground styles.
    case palette
    /// The symbol's own colours, where it has them.
    case multicolor
}

/// `Image.Scale`: a symbol's size relative to the font in effect.
/// `Image.TemplateRenderingMode`: an image drawn as it is, or as a template (its shape, in the
/// foreground style).
public enum ImageRenderingModeName: String, Sendable, Hashable, CaseIterable, Codable {
    case original, template
}

public enum ImageScaleName: String, Sendable, Hashable, CaseIterable, Codable {
    case small, medium, large

    /// SF Symbols' scales: a small symbol is about 0.78 of the medium one, a large one 1.29.
    public var factor: Double {
        switch self {
        case .small: 0.78
        case .medium: 1
        case .large: 1.29
        }
    }
}

/// `SymbolVariants`: the forms a symbol's name is turned into (`.fill`, `.circle.fill`, `.slash`…);
/// none is `.none`, which also takes `.fill` off a name.
public struct SymbolVariantNames: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let fill = SymbolVariantNames(rawValue: 1 << 0)
    public static let slash = SymbolVariantNames(rawValue: 1 << 1)
    public static let circle = SymbolVariantNames(rawValue: 1 << 2)
    public static let square = SymbolVariantNames(rawValue: 1 << 3)
    public static let rectangle = SymbolVariantNames(rawValue: 1 << 4)

    /// Each variant's name on the wire and in SF's names, in the order SF writes them.
    public static let wireNames: [(SymbolVariantNames, String)] = [
        (.slash, "slash"), (.circle, "circle"), (.square, "square"), (.rectangle, "rectangle"), (.fill, "fill"),
    ]

    /// `name` in these variants, as SwiftUI names the symbol it draws: the base name (without
    /// the variants' words at its end), then slash, the enclosure and fill, in SF's order.
    public func applied(to name: String) -> String {
        let words = Set(Self.wireNames.map(\.1))
        var components = name.split(separator: ".").map(String.init)
        var present = Set<String>()
        while components.count > 1, let last = components.last, words.contains(last) {
            present.insert(last)
            components.removeLast()
        }
        if isEmpty {
            present.remove("fill")
        } else {
            for (variant, word) in Self.wireNames where contains(variant) { present.insert(word) }
        }
        return (components + Self.wireNames.map(\.1).filter(present.contains)).joined(separator: ".")
    }
}
