import WidgetPayload

/// The symbol modifiers in effect (`symbolRenderingMode`, `symbolVariant`, `imageScale`, the
/// palette's further styles, an image's variable value), inherited like the font: the innermost
/// setting of each wins.
struct SymbolStyleModifiers {
    var renderingMode: SymbolRenderingModeName?
    /// nil: no `symbolVariant` in effect, the name drawn as written.
    var variants: SymbolVariantNames?
    var scale: ImageScaleName = .medium
    var secondary: FillStyle?
    var tertiary: FillStyle?
    var variableValue: Double?

    /// Applies a symbol modifier; false for any other.
    mutating func apply(_ modifier: ViewModifierNode) -> Bool {
        switch modifier {
        case .symbolRenderingMode(let mode): renderingMode = mode
        case .symbolVariant(let variants): self.variants = variants
        case .imageScale(let scale): self.scale = scale
        case .secondaryForegroundStyles(let secondary, let tertiary):
            self.secondary = secondary
            self.tertiary = tertiary
        case .symbolVariableValue(let value): variableValue = value
        default: return false
        }
        return true
    }

    /// The name SwiftUI draws for `name` under the variants in effect: the variant's form when
    /// the map draws it, else the name as written (SwiftUI falls back the same way).
    func name(for name: String) -> String {
        guard let variants else { return name }
        let varied = variants.applied(to: name)
        return SystemSymbol.isKnown(varied) ? varied : name
    }
}
