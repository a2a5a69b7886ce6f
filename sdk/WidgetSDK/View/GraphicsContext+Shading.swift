import Foundation
import WidgetPayload

extension GraphicsContext {
    /// What a fill or stroke paints with, as SwiftUI's `GraphicsContext.Shading`: a colour, a
    /// style, or a linear or radial gradient whose points are in the context's coordinates.
    public struct Shading: Sendable {
        enum Kind: Sendable {
            case shading(CanvasShading)
            /// A `ShapeStyle`: a gradient's unit points are of the bounds of what is drawn.
            case style(FillStyle)
        }

        let kind: Kind

        public static func color(_ color: Color) -> Shading {
            Shading(kind: .shading(.color(color.spec)))
        }

        /// An sRGB colour, each component 0…1.
        public static func color(red: Double, green: Double, blue: Double, opacity: Double = 1) -> Shading {
            color(Color(red: red, green: green, blue: blue, opacity: opacity))
        }

        /// A colour or gradient used as a shape's fill would be: a gradient's unit points span
        /// the bounds of the path drawn.
        public static func style<S: ShapeStyle>(_ style: S) -> Shading {
            Shading(kind: .style(style._fillStyle))
        }

        /// The foreground style: `.primary`.
        public static var foreground: Shading {
            style(HierarchicalShapeStyle.primary)
        }

        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .shading(.linearGradient(stops: gradient.stopSpecs, start: startPoint.spec, end: endPoint.spec)))
        }

        /// Circles around `center`, from `startRadius` (the first colour) to `endRadius`.
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .shading(.radialGradient(stops: gradient.stopSpecs, center: center.spec,
                                                   startRadius: max(0, Double(startRadius)), endRadius: max(0, Double(endRadius)))))
        }

        /// The wire's shading for a drawing whose path has `bounds`.
        func resolved(over bounds: CGRect) -> CanvasShading {
            switch kind {
            case .shading(let shading):
                return shading
            case .style(.color(let color)):
                return .color(color)
            case .style(.colorGradient(let color)):
                // A canvas's shading is resolved here, not by the host: only an exact sRGB colour
                // can be shaded; a named or catalog one fills flat.
                guard let gradient = ColorGradientShades.linearGradient(of: color) else { return .color(color) }
                return Shading(kind: .style(.linearGradient(gradient))).resolved(over: bounds)
            case .style(.linearGradient(let gradient)):
                let frame = bounds.isNull ? .zero : bounds
                func point(_ unit: UnitPointSpec) -> PointSpec {
                    PointSpec(x: Double(frame.minX) + unit.x * Double(frame.width), y: Double(frame.minY) + unit.y * Double(frame.height))
                }
                return .linearGradient(stops: gradient.stops, start: point(gradient.startPoint), end: point(gradient.endPoint))
            }
        }
    }

    /// How a gradient repeats past its ends, as SwiftUI's; the host always extends its end colours.
    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32

        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        public static let `repeat` = GradientOptions(rawValue: 1)
        public static let mirror = GradientOptions(rawValue: 2)
        public static let linearColor = GradientOptions(rawValue: 4)
    }
}

extension Gradient {
    /// The stops as the wire writes them, locations clamped to 0…1.
    var stopSpecs: [GradientStopSpec] {
        stops.map { GradientStopSpec(color: $0.color.spec, location: min(max($0.location.isFinite ? $0.location : 0, 0), 1)) }
    }
}
