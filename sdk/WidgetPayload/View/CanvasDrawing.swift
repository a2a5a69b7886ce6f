/// A `Canvas`'s drawing as the view tree carries it (tree version 5): what its renderer closure
/// drew into its `GraphicsContext`, recorded once by the SDK at a reference size, and replayed by
/// the host scaled to the frame the canvas gets.
public struct CanvasDrawing: Sendable, Hashable {
    /// The size the renderer was given (`GraphicsContext`'s `size`): the SDK's reckoning of the
    /// space the canvas is offered, as `GeometryReader`'s.
    public var size: SizeSpec
    /// `Canvas(opaque: true)`: a promise the drawing covers the canvas. Kept for fidelity; the host
    /// draws the same either way.
    public var isOpaque: Bool
    /// In drawing order.
    public var operations: [CanvasOperation]

    public init(size: SizeSpec, isOpaque: Bool = false, operations: [CanvasOperation]) {
        self.size = size
        self.isOpaque = isOpaque
        self.operations = operations
    }
}

/// One drawing call with the context's state at the time it was made.
public struct CanvasOperation: Sendable, Hashable {
    public enum Drawing: Sendable, Hashable {
        /// `fill(_:with:style:)`: the path's elements in the operation's coordinates.
        case fill([PathElement], CanvasShading, evenOdd: Bool)
        /// `stroke(_:with:style:)`: `stroke.fill` is unused, the shading draws.
        case stroke([PathElement], CanvasShading, StrokeStyleSpec)
        /// `draw(_ text:at:anchor:)` and `draw(_ image:at:anchor:)`: the view at its ideal size,
        /// its `anchor` (a unit point of it) at `point`.
        case view(ViewNode, at: PointSpec, anchor: UnitPointSpec)
        /// `draw(_ text:in:)` and `draw(_ image:in:)`: the view laid out in `rect`.
        case viewInRect(ViewNode, RectSpec)
    }

    public var drawing: Drawing
    /// `translateBy`, `scaleBy`, `rotate(by:)`, `concatenate`: the context's transform, from
    /// the operation's coordinates to the canvas's.
    public var transform: AffineSpec
    /// `opacity`: this operation's (a layer's multiplied into the operations inside it).
    public var opacity: Double
    /// `clip(to:)`: the operation is drawn only inside every one of these, in the canvas's
    /// coordinates (the SDK applied the transform in effect when each clip was set).
    public var clips: [CanvasClip]

    public init(_ drawing: Drawing, transform: AffineSpec = .identity, opacity: Double = 1, clips: [CanvasClip] = []) {
        self.drawing = drawing
        self.transform = transform
        self.opacity = opacity
        self.clips = clips
    }
}

/// A region `clip(to:)` keeps.
public struct CanvasClip: Sendable, Hashable {
    public var elements: [PathElement]
    public var evenOdd: Bool

    public init(elements: [PathElement], evenOdd: Bool = false) {
        self.elements = elements
        self.evenOdd = evenOdd
    }
}

/// `GraphicsContext.Shading`: what a fill or stroke paints with. Points are in the operation's
/// coordinates, as SwiftUI's are.
public enum CanvasShading: Sendable, Hashable {
    case color(ColorSpec)
    case linearGradient(stops: [GradientStopSpec], start: PointSpec, end: PointSpec)
    case radialGradient(stops: [GradientStopSpec], center: PointSpec, startRadius: Double, endRadius: Double)

    /// Every colour the shading holds.
    public var colors: [ColorSpec] {
        switch self {
        case .color(let color): [color]
        case .linearGradient(let stops, _, _), .radialGradient(let stops, _, _, _): stops.map(\.color)
        }
    }
}

extension CanvasDrawing {
    /// The views drawn into the canvas (`draw(Text…)`, `draw(Image…)`), in drawing order.
    public var views: [ViewNode] {
        operations.compactMap { operation in
            switch operation.drawing {
            case .view(let node, _, _), .viewInRect(let node, _): node
            case .fill, .stroke: nil
            }
        }
    }
}
