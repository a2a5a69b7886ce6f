import WidgetPayload

/// What a `.symbol` command draws: an SF Symbols name and the styles SwiftUI's environment gave
/// it (weight from the font, rendering mode, variable value, the palette's further colours).
/// A string literal is a symbol in the defaults: regular weight, monochrome.
public struct SymbolRequest: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The name with the `symbolVariant`s in effect applied.
    public var name: String
    public var weight: FontWeightName
    /// nil: SwiftUI's automatic mode, which is monochrome here.
    public var renderingMode: SymbolRenderingModeName?
    /// `Image(systemName:variableValue:)`, 0…1; nil: every layer lit.
    public var variableValue: Double?
    /// The palette's secondary and tertiary paints (`foregroundStyle(_:_:_:)`); nil: the
    /// primary's, at SF's hierarchical opacities.
    public var secondary: Paint?
    public var tertiary: Paint?

    public init(_ name: String, weight: FontWeightName = .regular, renderingMode: SymbolRenderingModeName? = nil,
                variableValue: Double? = nil, secondary: Paint? = nil, tertiary: Paint? = nil) {
        self.name = name
        self.weight = weight
        self.renderingMode = renderingMode
        self.variableValue = variableValue
        self.secondary = secondary
        self.tertiary = tertiary
    }

    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// The same request with every paint passed through `transform` (a rendering mode's colours).
    func mappingPaints(_ transform: (Paint) -> Paint) -> SymbolRequest {
        var request = self
        request.secondary = secondary.map(transform)
        request.tertiary = tertiary.map(transform)
        return request
    }
}
