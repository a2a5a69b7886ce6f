import WidgetPayload

// The modifiers that style the SF Symbols inside a view, under SwiftUI's names.

/// How a symbol's layers are coloured.
public struct SymbolRenderingMode: Sendable, Hashable {
    let name: SymbolRenderingModeName

    /// Every layer in the foreground style.
    public static let monochrome = SymbolRenderingMode(name: .monochrome)
    /// The layers in the foreground style at decreasing opacity.
    public static let hierarchical = SymbolRenderingMode(name: .hierarchical)
    /// The layers in the primary, secondary and tertiary foreground styles (`foregroundStyle(_:_:_:)`).
    public static let palette = SymbolRenderingMode(name: .palette)
    /// The symbol's own colours, where it has them (`docs/symbols.md`).
    public static let multicolor = SymbolRenderingMode(name: .multicolor)
}

/// The forms of a symbol a view's symbols are turned into: `.fill`, `.circle.fill`, `.slash`…
public struct SymbolVariants: Sendable, Hashable {
    let names: SymbolVariantNames

    /// No variant: also takes `.fill` off a name.
    public static let none = SymbolVariants(names: [])
    public static let fill = SymbolVariants(names: .fill)
    public static let slash = SymbolVariants(names: .slash)
    public static let circle = SymbolVariants(names: .circle)
    public static let square = SymbolVariants(names: .square)
    public static let rectangle = SymbolVariants(names: .rectangle)

    public var fill: SymbolVariants { SymbolVariants(names: names.union(.fill)) }
    public var slash: SymbolVariants { SymbolVariants(names: names.union(.slash)) }
    public var circle: SymbolVariants { SymbolVariants(names: names.union(.circle)) }
    public var square: SymbolVariants { SymbolVariants(names: names.union(.square)) }
    public var rectangle: SymbolVariants { SymbolVariants(names: names.union(.rectangle)) }

    /// Whether these variants include `other`'s.
    public func contains(_ other: SymbolVariants) -> Bool {
        names.isSuperset(of: other.names)
    }
}

extension Image {
    /// A symbol's size relative to the font in effect.
    public enum Scale: Sendable, Hashable {
        case small, medium, large

        var name: ImageScaleName {
            switch self {
            case .small: .small
            case .medium: .medium
            case .large: .large
            }
        }
    }
}

extension View {
    /// How the symbols in this view colour their layers; nil: automatic (monochrome).
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View {
        modifier(.symbolRenderingMode(mode?.name))
    }

    /// The symbols in this view drawn in these variants (`Image(systemName: "heart")` with
    /// `.fill` draws `heart.fill`).
    public func symbolVariant(_ variant: SymbolVariants) -> some View {
        modifier(.symbolVariant(variant.names))
    }

    /// The symbols in this view drawn smaller or larger than the font in effect.
    public func imageScale(_ scale: Image.Scale) -> some View {
        modifier(.imageScale(scale.name))
    }

    /// `primary` for text, shapes and symbols' first layer; `secondary` for the second layer of
    /// hierarchical and palette symbols.
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View {
        modifier(.foregroundStyle(primary._fillStyle))
            .modifier(.secondaryForegroundStyles(secondary: secondary._fillStyle, tertiary: nil))
    }

    /// The three levels of a palette symbol's layers; `primary` is also the text's and shapes'.
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(
        _ primary: S1, _ secondary: S2, _ tertiary: S3
    ) -> some View {
        modifier(.foregroundStyle(primary._fillStyle))
            .modifier(.secondaryForegroundStyles(secondary: secondary._fillStyle, tertiary: tertiary._fillStyle))
    }
}
