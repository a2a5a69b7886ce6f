import Foundation
import WidgetPayload

/// What a `Canvas` draws into, as SwiftUI's `GraphicsContext`: fills and strokes of paths, text
/// and images, through a transform, an opacity and clips of its own. A copy (`drawLayer`'s, or
/// `var copy = context`) draws into the same canvas with state of its own.
///
/// Each drawing call is recorded with the state it was made in. Not drawn (they would need the
/// pixels): `blendMode`, filters, `clipToLayer`, and `drawLayer`'s own compositing (a layer's
/// opacity applies to each of its drawings in turn, so overlapping drawings in a translucent
/// layer show through each other).
public struct GraphicsContext {
    let recorder: CanvasRecorder

    /// The opacity of what is drawn from here on, 0…1; a `drawLayer` multiplies its own.
    public var opacity: Double = 1
    /// From the coordinates drawing calls use to the canvas's.
    public var transform: CGAffineTransform = .identity
    /// The environment the canvas was evaluated in.
    public var environment: EnvironmentValues
    /// The regions `clip(to:)` kept, in the canvas's coordinates.
    var clips: [CanvasClip] = []

    init(recorder: CanvasRecorder, environment: EnvironmentValues) {
        self.recorder = recorder
        self.environment = environment
    }

    // MARK: State

    /// Moves the origin of what is drawn from here on.
    public mutating func translateBy(x: CGFloat, y: CGFloat) {
        transform = transform.translatedBy(x: x, y: y)
    }

    public mutating func scaleBy(x: CGFloat, y: CGFloat) {
        transform = transform.scaledBy(x: x, y: y)
    }

    /// Turns what is drawn from here on around the origin: clockwise on screen for a positive angle.
    public mutating func rotate(by angle: Angle) {
        transform = transform.rotated(by: CGFloat(angle.radians))
    }

    /// `matrix` applied before the transform in effect.
    public mutating func concatenate(_ matrix: CGAffineTransform) {
        transform = matrix.concatenating(transform)
    }

    /// Draws from here on only inside `path` (and every clip before it).
    public mutating func clip(to path: Path) {
        let affine = transform.spec
        clips.append(CanvasClip(elements: path.wireElements.map { $0.applying(affine).rounded }))
    }

    /// Runs `content` with a copy of this context, to draw with state that ends with it.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var layer = self
        try content(&layer)
    }

    // MARK: Drawing

    /// `path` filled with `shading`.
    public func fill(_ path: Path, with shading: Shading) {
        fill(path, with: shading, evenOdd: false)
    }

    /// As `fill(_:with:)`, by the even-odd rule when `evenOdd` (SwiftUI's
    /// `fill(_:with:style: FillStyle(eoFill:))`, in the SwiftUI module).
    package func fill(_ path: Path, with shading: Shading, evenOdd: Bool) {
        record(.fill(path.wireElements, shading.resolved(over: path.boundingRect), evenOdd: evenOdd))
    }

    /// `path`'s outline, `lineWidth` points wide (in the context's coordinates), in `shading`.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: Double(lineWidth)))
    }

    /// `path`'s outline in `shading`, its width, caps, joins and dashes from `style`.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        record(.stroke(path.wireElements, shading.resolved(over: path.boundingRect), style.spec(fill: nil)))
    }

    /// `text` at its ideal size with its `anchor` at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        record(.view(Self.node(text), at: point.spec, anchor: anchor.spec))
    }

    /// `text` laid out in `rect`, wrapping as it needs.
    public func draw(_ text: Text, in rect: CGRect) {
        record(.viewInRect(Self.node(text), rect.spec))
    }

    /// `image` at its own size with its `anchor` at `point`.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        record(.view(Self.node(image), at: point.spec, anchor: anchor.spec))
    }

    /// `image` stretched to fill `rect`.
    public func draw(_ image: Image, in rect: CGRect) {
        record(.viewInRect(Self.node(image.resizable()), rect.spec))
    }

    /// `text` as it will be drawn, to draw with `draw(_:at:anchor:)` or `draw(_:in:)`.
    public func resolve(_ text: Text) -> ResolvedText {
        ResolvedText(text: text)
    }

    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(text.text, at: point, anchor: anchor)
    }

    public func draw(_ text: ResolvedText, in rect: CGRect) {
        draw(text.text, in: rect)
    }

    private func record(_ drawing: CanvasOperation.Drawing) {
        let affine = transform.spec
        // A transform JSON cannot hold (a scale by infinity) draws nothing, as it would on iOS.
        guard [affine.a, affine.b, affine.c, affine.d, affine.tx, affine.ty].allSatisfy(\.isFinite) else { return }
        let opacity = min(max(opacity.isFinite ? opacity : 1, 0), 1)
        recorder.operations.append(CanvasOperation(drawing, transform: affine, opacity: opacity, clips: clips))
    }

    /// One node for a view drawn into the canvas (several are layered, as in a `ZStack`).
    private static func node<Content: View>(_ view: Content) -> ViewNode {
        ViewEvaluation.layered(view)
    }
}

/// A text resolved for a canvas, as SwiftUI's `GraphicsContext.ResolvedText`: the text itself,
/// laid out by the host when the canvas is drawn.
public struct ResolvedText {
    let text: Text
}

extension CGRect {
    var spec: RectSpec {
        let r = standardized
        return RectSpec(x: Double(r.minX), y: Double(r.minY), width: Double(r.width), height: Double(r.height))
    }
}
