import WidgetPayload

/// Colours along a line, each at a location 0…1: SwiftUI's `Gradient`.
public struct Gradient: Sendable, Hashable {
    /// One colour of a gradient, at its location along the line.
    public struct Stop: Sendable, Hashable {
        public var color: Color
        public var location: Double

        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }

    public var stops: [Stop]

    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// The colours spread evenly from 0 to 1.
    public init(colors: [Color]) {
        let last = Double(max(colors.count - 1, 1))
        self.stops = colors.enumerated().map { index, color in
            Stop(color: color, location: Double(index) / last)
        }
    }
}

/// A gradient along a line from `startPoint` to `endPoint`: a view that fills what it is
/// offered, and a `ShapeStyle`.
public struct LinearGradient: View, ShapeStyle, Hashable {
    public typealias Body = Never

    let spec: LinearGradientSpec

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.spec = LinearGradientSpec(
            stops: gradient.stops.map { GradientStopSpec(color: $0.color.spec, location: $0.location) },
            startPoint: startPoint.spec, endPoint: endPoint.spec)
    }

    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    public var _fillStyle: FillStyle { .linearGradient(spec) }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.fill(_fillStyle)))
    }
}

extension Gradient: ShapeStyle {
    /// As a shape style, a gradient is drawn top to bottom, as SwiftUI draws `AnyGradient`
    /// (`.tint(Gradient(colors: …))` on a gauge, `.fill(gradient)`).
    public var _fillStyle: FillStyle {
        .linearGradient(LinearGradientSpec(
            stops: stops.map { GradientStopSpec(color: $0.color.spec, location: $0.location) },
            startPoint: UnitPointSpec(x: 0.5, y: 0), endPoint: UnitPointSpec(x: 0.5, y: 1)))
    }
}

/// A gradient as a shape style, drawn top to bottom: SwiftUI's `AnyGradient`, what
/// `Color.gradient` returns (iOS 16) and `AnyGradient(gradient)` makes. Usable wherever a
/// `ShapeStyle` is: `.fill`, `.background`, `.foregroundStyle`, `containerBackground(for:)`.
public struct AnyGradient: ShapeStyle, Hashable {
    public let _fillStyle: FillStyle

    init(_fillStyle: FillStyle) {
        self._fillStyle = _fillStyle
    }

    /// `gradient`'s stops, from top to bottom.
    public init(_ gradient: Gradient) {
        self._fillStyle = gradient._fillStyle
    }
}

extension Color {
    /// A subtle vertical gradient of this colour, as SwiftUI's: from a lighter shade at the top
    /// to the colour at the bottom (`ColorGradientShades`). The host makes the shade from the
    /// colour it resolves, so `.teal.gradient` and `Color("Brand").gradient` follow the
    /// appearance as the colour does.
    public var gradient: AnyGradient {
        AnyGradient(_fillStyle: .colorGradient(spec))
    }
}
