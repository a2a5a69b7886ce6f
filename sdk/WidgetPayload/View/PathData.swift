/// Paths and canvases as the view tree carries them (tree version 5): SwiftUI's `Path`, a custom
/// `Shape`'s `path(in:)` and a `Canvas`'s drawing, each recorded once by the SDK and drawn by the
/// host.

/// One step of a path, in points. Arcs, ellipses and rounded corners arrive as cubic curves
/// (the SDK converts them), so the host needs only SVG's five commands.
public enum PathElement: Sendable, Hashable {
    case move(to: PointSpec)
    case line(to: PointSpec)
    case quadCurve(to: PointSpec, control: PointSpec)
    case curve(to: PointSpec, control1: PointSpec, control2: PointSpec)
    case closeSubpath

    /// The points this element writes, in wire order (controls first, then the end, as SVG).
    public var points: [PointSpec] {
        switch self {
        case .move(let point), .line(let point): [point]
        case .quadCurve(let point, let control): [control, point]
        case .curve(let point, let control1, let control2): [control1, control2, point]
        case .closeSubpath: []
        }
    }
}

/// A point in points: `CGPoint` on the wire.
public struct PointSpec: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A SHAPE `path`: the outline a `Path` or a custom `Shape` made.
public struct PathShape: Sendable, Hashable {
    public var elements: [PathElement]
    /// The size of the rectangle `path(in:)` was given when the SDK evaluated the shape; the host
    /// scales the path from it to the frame it lays the shape out in. Nil for a `Path` used as it
    /// is, which SwiftUI draws at its own coordinates from the frame's top-left corner.
    public var referenceSize: SizeSpec?
    /// Filled with the even-odd rule (`FillStyle(eoFill: true)`) rather than non-zero winding.
    public var evenOdd: Bool

    public init(elements: [PathElement], referenceSize: SizeSpec? = nil, evenOdd: Bool = false) {
        self.elements = elements
        self.referenceSize = referenceSize
        self.evenOdd = evenOdd
    }
}

/// A width and height in points: `CGSize` on the wire.
public struct SizeSpec: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle in points: `CGRect` on the wire.
public struct RectSpec: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// `CGAffineTransform`'s six numbers: a point (x, y) goes to (a·x + c·y + tx, b·x + d·y + ty).
public struct AffineSpec: Sendable, Hashable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, tx: Double = 0, ty: Double = 0) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineSpec()

    public var isIdentity: Bool { self == .identity }

    /// `self` applied after `first`: a point goes through `first`, then through `self`.
    public func concatenated(after first: AffineSpec) -> AffineSpec {
        AffineSpec(a: first.a * a + first.b * c, b: first.a * b + first.b * d,
                   c: first.c * a + first.d * c, d: first.c * b + first.d * d,
                   tx: first.tx * a + first.ty * c + tx, ty: first.tx * b + first.ty * d + ty)
    }

    public func apply(_ point: PointSpec) -> PointSpec {
        PointSpec(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }
}

extension PathElement {
    /// The element with its points moved by `transform`: exact for lines and Bézier curves.
    public func applying(_ transform: AffineSpec) -> PathElement {
        switch self {
        case .move(let point): .move(to: transform.apply(point))
        case .line(let point): .line(to: transform.apply(point))
        case .quadCurve(let point, let control): .quadCurve(to: transform.apply(point), control: transform.apply(control))
        case .curve(let point, let control1, let control2):
            .curve(to: transform.apply(point), control1: transform.apply(control1), control2: transform.apply(control2))
        case .closeSubpath: .closeSubpath
        }
    }
}
