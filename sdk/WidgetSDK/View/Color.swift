import WidgetPayload

/// A colour, as SwiftUI's: a view that fills what it is offered, and a `ShapeStyle`.
///
/// The named colours (`.red`, `.primary`, …) are SwiftUI's, resolved by the host for the
/// appearance it draws; `Color(red:green:blue:opacity:)` is exact sRGB.
public struct Color: View, ShapeStyle, Hashable {
    public typealias Body = Never

    let spec: ColorSpec

    init(_ spec: ColorSpec) {
        self.spec = spec
    }

    /// An sRGB colour, each component 0…1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(.rgba(red: red, green: green, blue: blue, alpha: opacity))
    }

    /// A colour set of the bundle's asset catalog (`<name>.colorset` in `Assets.xcassets`,
    /// `docs/assets.md`), resolved by the host for the appearance it draws. A name the catalog
    /// lacks draws clear, as on iOS, and `widgethost validate` reports it. `Color(name, bundle:)`
    /// is in the SwiftUI module, which has Foundation's `Bundle`.
    public init(_ name: String) {
        self.init(.catalog(name, opacity: 1))
    }

    /// A grey, 0 black to 1 white.
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// A colour by hue, saturation and brightness (HSB), each 0…1.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let sector = (hue - hue.rounded(.down)) * 6
        let chroma = brightness * saturation
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double) = switch Int(sector) {
        case 0: (chroma, x, 0)
        case 1: (x, chroma, 0)
        case 2: (0, chroma, x)
        case 3: (0, x, chroma)
        case 4: (x, 0, chroma)
        default: (chroma, 0, x)
        }
        let base = brightness - chroma
        self.init(red: red + base, green: green + base, blue: blue + base, opacity: opacity)
    }

    /// This colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        switch spec {
        case .rgba(let red, let green, let blue, let alpha):
            Color(.rgba(red: red, green: green, blue: blue, alpha: alpha * opacity))
        case .named(let name, let current):
            Color(.named(name, opacity: current * opacity))
        case .catalog(let name, let current):
            Color(.catalog(name, opacity: current * opacity))
        }
    }

    public var _fillStyle: FillStyle { .color(spec) }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.fill(_fillStyle)))
    }

    package init(named name: NamedColor) {
        self.init(.named(name, opacity: 1))
    }

    /// Text and symbols: black in light, white in dark.
    public static let primary = Color(named: .primary)
    /// Secondary text: a grey that suits the appearance.
    public static let secondary = Color(named: .secondary)
}

// The other named colours are the `ShapeStyle` statics (ShapeStyle.swift), which serve both
// `Color.red` and `.foregroundStyle(.red)`: one definition, no ambiguity.
