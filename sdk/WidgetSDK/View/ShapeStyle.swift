import WidgetPayload

/// A colour or gradient to fill, stroke or colour text with: SwiftUI's `ShapeStyle`, covering
/// `Color`, `LinearGradient` and the hierarchical `.primary` and `.secondary`.
public protocol ShapeStyle: Sendable {
    /// The SDK's own: the style as the view tree writes it. Only the SDK's styles have one.
    var _fillStyle: FillStyle { get }
}

/// The foreground style's levels, drawn by the host for its appearance (`.primary` is black in
/// light, white in dark): SwiftUI's `HierarchicalShapeStyle`.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
    let color: NamedColor
    var opacity = 1.0

    public static let primary = HierarchicalShapeStyle(color: .primary)
    public static let secondary = HierarchicalShapeStyle(color: .secondary)
    public static let tertiary = HierarchicalShapeStyle(color: .tertiary)
    public static let quaternary = HierarchicalShapeStyle(color: .quaternary)
    /// iOS 16's fifth level, which UIKit has no colour for: the fourth at half its opacity.
    public static let quinary = HierarchicalShapeStyle(color: .quaternary, opacity: 0.5)

    public var _fillStyle: FillStyle { .color(.named(color, opacity: opacity)) }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
    public static var quinary: HierarchicalShapeStyle { .quinary }
}

/// The system fill colours, as SwiftUI's `FillShapeStyle`: `.fill` is systemFill, and its
/// `.secondary` … `.quaternary` the lighter levels (`containerBackground(.fill.tertiary, for:
/// .widget)` is Xcode's widget template).
public struct FillShapeStyle: ShapeStyle, Hashable {
    let level: NamedColor
    var opacity = 1.0

    public var _fillStyle: FillStyle { .color(.named(level, opacity: opacity)) }

    public var primary: FillShapeStyle { FillShapeStyle(level: .fill) }
    public var secondary: FillShapeStyle { FillShapeStyle(level: .secondaryFill) }
    public var tertiary: FillShapeStyle { FillShapeStyle(level: .tertiaryFill) }
    public var quaternary: FillShapeStyle { FillShapeStyle(level: .quaternaryFill) }
    /// iOS 16's fifth level (`.fill.quinary`), which UIKit has no fill colour for: the fourth at
    /// half its opacity.
    public var quinary: FillShapeStyle { FillShapeStyle(level: .quaternaryFill, opacity: 0.5) }
}

extension ShapeStyle where Self == FillShapeStyle {
    public static var fill: FillShapeStyle { FillShapeStyle(level: .fill) }
}

/// The system background, as SwiftUI's `BackgroundStyle` (`.background`): white, or black in dark.
public struct BackgroundStyle: ShapeStyle, Hashable {
    public init() {}

    public var _fillStyle: FillStyle { .color(.named(.background, opacity: 1)) }
}

extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { BackgroundStyle() }
}

/// SwiftUI's named colours, resolved by the host for the appearance it draws; `Color.red` and
/// `.foregroundStyle(.red)` alike.
extension ShapeStyle where Self == Color {
    /// The host's accent colour.
    public static var accentColor: Color { Color(named: .accentColor) }
    public static var red: Color { Color(named: .red) }
    public static var orange: Color { Color(named: .orange) }
    public static var yellow: Color { Color(named: .yellow) }
    public static var green: Color { Color(named: .green) }
    public static var mint: Color { Color(named: .mint) }
    public static var teal: Color { Color(named: .teal) }
    public static var cyan: Color { Color(named: .cyan) }
    public static var blue: Color { Color(named: .blue) }
    public static var indigo: Color { Color(named: .indigo) }
    public static var purple: Color { Color(named: .purple) }
    public static var pink: Color { Color(named: .pink) }
    public static var brown: Color { Color(named: .brown) }
    public static var white: Color { Color(named: .white) }
    public static var gray: Color { Color(named: .gray) }
    public static var black: Color { Color(named: .black) }
    public static var clear: Color { Color(named: .clear) }
}

extension ShapeStyle where Self == LinearGradient {
    /// `.linearGradient(colors: [.blue, .purple], startPoint: .top, endPoint: .bottom)`.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }

    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }

    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

/// A style with its opacity multiplied, as `ShapeStyle.opacity(_:)` makes.
public struct _OpacityShapeStyle: ShapeStyle {
    public let _fillStyle: FillStyle
}

extension ShapeStyle {
    /// This style with every colour's opacity multiplied by `opacity` (0…1).
    public func opacity(_ opacity: Double) -> _OpacityShapeStyle {
        let factor = min(max(opacity.isFinite ? opacity : 1, 0), 1)
        return _OpacityShapeStyle(_fillStyle: _fillStyle.multiplyingOpacity(by: factor))
    }
}

extension FillStyle {
    func multiplyingOpacity(by factor: Double) -> FillStyle {
        switch self {
        case .color(let color):
            return FillStyle.color(color.multiplyingOpacity(by: factor))
        case .linearGradient(var gradient):
            gradient.stops = gradient.stops.map { GradientStopSpec(color: $0.color.multiplyingOpacity(by: factor), location: $0.location) }
            return FillStyle.linearGradient(gradient)
        case .colorGradient(let color):
            return FillStyle.colorGradient(color.multiplyingOpacity(by: factor))
        }
    }
}

extension ColorSpec {
    func multiplyingOpacity(by factor: Double) -> ColorSpec {
        switch self {
        case .rgba(let red, let green, let blue, let alpha): .rgba(red: red, green: green, blue: blue, alpha: alpha * factor)
        case .named(let name, let opacity): .named(name, opacity: opacity * factor)
        case .catalog(let name, let opacity): .catalog(name, opacity: opacity * factor)
        }
    }
}
