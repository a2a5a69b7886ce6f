import Foundation
import WidgetPayload

/// A shape, as SwiftUI's: a view that fills what it is offered with the foreground style, and an
/// outline for `clipShape(_:)`, `background(_:in:)` and `mask(_:)`. The SDK's shapes are the
/// ones below, which the host draws itself; a shape of your own writes `path(in:)`:
///
///     struct Wave: Shape {
///         func path(in rect: CGRect) -> Path { … }
///     }
///
/// Views are evaluated once, before the host lays them out, so `path(in:)` is called with the
/// SDK's reckoning of the shape's frame (as `GeometryReader`'s) and the host scales the path to
/// the frame the shape gets (docs/view-tree.md).
public protocol Shape: View, Sendable {
    /// The shape's outline in `rect`. A shape of your own implements it; the SDK's shapes have
    /// it from their `_shapeName`. A shape must implement one of the two.
    func path(in rect: CGRect) -> Path
    /// The SDK's own: the shape as the view tree writes it. Only the SDK's shapes have one.
    var _shapeName: ShapeName { get }
    /// The SDK's own: how `offset`, `rotation`, `scale` and `inset` moved the shape, as
    /// modifiers on its node. Empty for a shape as it is.
    var _shapeModifiers: [ViewModifierNode] { get }
}

extension Shape {
    public var _shapeModifiers: [ViewModifierNode] { [] }

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.shape(_shapeName, fill: nil, stroke: nil), modifiers: _shapeModifiers))
    }

    /// The shape filled with `style`; `stroke` on the result draws the outline over the fill
    /// (iOS 17).
    public func fill<S: ShapeStyle>(_ style: S) -> FilledShape {
        FilledShape(shape: { self._shapeName }, modifiers: _shapeModifiers, fill: style._fillStyle)
    }

    /// The shape filled with the foreground style.
    public func fill() -> FilledShape {
        FilledShape(shape: { self._shapeName }, modifiers: _shapeModifiers, fill: nil)
    }

    /// The shape filled with `style` (nil: the foreground style), by the even-odd rule when
    /// `evenOdd`: what SwiftUI's `fill(_:style: FillStyle(eoFill:))` asks, in the SwiftUI module.
    /// The rule matters to a path's crossing outlines; the SDK's own shapes have none.
    package func fill(_ style: FillStyle?, evenOdd: Bool) -> FilledShape {
        FilledShape(shape: {
            guard evenOdd, case .path(var path) = self._shapeName else { return self._shapeName }
            path.evenOdd = true
            return .path(path)
        }, modifiers: _shapeModifiers, fill: style)
    }

    /// The shape's outline, `lineWidth` points wide, drawn with `style`.
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: Double = 1) -> some View {
        styled(stroke: StrokeStyleSpec(fill: style._fillStyle, lineWidth: lineWidth))
    }

    /// The shape's outline, `lineWidth` points wide, drawn with the foreground style.
    public func stroke(lineWidth: Double = 1) -> some View {
        styled(stroke: StrokeStyleSpec(fill: nil, lineWidth: lineWidth))
    }

    /// The shape's outline drawn with `content`, its width, caps, joins and dashes from `style`.
    /// Antialiasing cannot be turned off: the host always smooths edges.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> some View {
        styled(stroke: style.spec(fill: content._fillStyle))
    }

    /// The shape's outline drawn with the foreground style, as `style` says.
    public func stroke(style: StrokeStyle, antialiased: Bool = true) -> some View {
        styled(stroke: style.spec(fill: nil))
    }

    private func styled(stroke: StrokeStyleSpec) -> StyledShape {
        StyledShape(shape: { self._shapeName }, fill: nil, stroke: stroke, modifiers: _shapeModifiers)
    }

    /// The shape moved by `x` and `y` points, as drawn; its frame is unchanged.
    public func offset(x: Double = 0, y: Double = 0) -> some Shape {
        TransformedShape(resolveName: { self._shapeName }, _shapeModifiers: _shapeModifiers + [.offset(x: x.finite(or: 0), y: y.finite(or: 0))])
    }

    /// The shape turned by `angle` around `anchor` of its frame.
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> some Shape {
        let degrees = angle.degrees.isFinite ? angle.degrees : 0
        return TransformedShape(resolveName: { self._shapeName }, _shapeModifiers: _shapeModifiers + [.rotationEffect(degrees: degrees, anchor: anchor.spec)])
    }

    /// The shape scaled by `x` across and `y` down around `anchor`.
    public func scale(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> some Shape {
        TransformedShape(resolveName: { self._shapeName }, _shapeModifiers: _shapeModifiers + [.scaleEffect(x: x.finite(or: 1), y: y.finite(or: 1), anchor: anchor.spec)])
    }

    /// The shape scaled by `scale` around `anchor`.
    public func scale(_ scale: Double, anchor: UnitPoint = .center) -> some Shape {
        self.scale(x: scale, y: scale, anchor: anchor)
    }

    /// The part of the shape's outline from `startFraction` to `endFraction` of its length, as
    /// SwiftUI's: a circle's or ellipse's outline starts at its rightmost point, a rectangle's
    /// (rounded or not, and a capsule's) at its top-left corner; each runs clockwise. Filled, the
    /// part is closed by a straight line.
    public func trim(from startFraction: Double = 0, to endFraction: Double = 1) -> some Shape {
        TransformedShape(resolveName: { [from = Self.unit(startFraction), to = Self.unit(endFraction)] in self._shapeName.trimmed(from: from, to: to) },
                         _shapeModifiers: _shapeModifiers)
    }

    /// Fractions outside 0…1 (or NaN) mean the ends of the outline, which is all the wire allows.
    private static func unit(_ fraction: Double) -> Double {
        fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    }
}

/// What `trim`, `offset`, `rotation`, `scale` and `inset` return: a shape of its own, so it can
/// be filled, stroked or changed again. Its outline is resolved when the view is evaluated, not
/// when it is written, so a custom shape inside is made at the size it is offered there.
struct TransformedShape: InsettableShape {
    typealias Body = Never

    let resolveName: @Sendable () -> ShapeName
    let _shapeModifiers: [ViewModifierNode]

    var _shapeName: ShapeName { resolveName() }
}

/// A shape filled, as `fill(_:)` returns it: a view, and in iOS 17's way `stroke` on it draws the
/// outline over the fill.
public struct FilledShape: View {
    public typealias Body = Never

    /// The outline, resolved when the view is evaluated (see `TransformedShape`).
    let shape: @Sendable () -> ShapeName
    let modifiers: [ViewModifierNode]
    let fill: FillStyle?

    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.shape(shape(), fill: fill, stroke: nil), modifiers: modifiers))
    }

    /// The fill with the outline, `lineWidth` points wide, drawn over it in `style`.
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: Double = 1) -> some View {
        outlined(StrokeStyleSpec(fill: style._fillStyle, lineWidth: lineWidth))
    }

    /// The fill with the outline drawn over it in `content`, as `style` says.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> some View {
        outlined(style.spec(fill: content._fillStyle))
    }

    private func outlined(_ stroke: StrokeStyleSpec) -> some View {
        ZStack {
            self
            StyledShape(shape: shape, fill: nil, stroke: stroke, modifiers: modifiers)
        }
    }
}

/// SwiftUI's `StrokeStyle`: how a shape's outline is drawn.
public struct StrokeStyle: Sendable, Hashable {
    public var lineWidth: Double
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: Double
    /// Lengths of dashes and gaps, alternating, starting with a dash; empty for a solid line.
    public var dash: [Double]
    /// How far into the dash pattern the line starts.
    public var dashPhase: Double

    public init(lineWidth: Double = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
                miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }

    /// The wire's stroke. Values the wire refuses become the nearest it takes, rather than the
    /// whole tree being refused for one stroke.
    func spec(fill: FillStyle?) -> StrokeStyleSpec {
        func length(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
        return StrokeStyleSpec(
            fill: fill, lineWidth: length(lineWidth), lineCap: lineCap.name, lineJoin: lineJoin.name,
            miterLimit: length(miterLimit), dash: dash.map(length), dashPhase: dashPhase.isFinite ? dashPhase : 0)
    }
}

/// Core Graphics' `CGLineCap`, as `StrokeStyle` takes it.
public enum CGLineCap: Int32, Sendable, Hashable, CaseIterable {
    case butt, round, square

    var name: LineCapName {
        switch self {
        case .butt: .butt
        case .round: .round
        case .square: .square
        }
    }
}

/// Core Graphics' `CGLineJoin`, as `StrokeStyle` takes it.
public enum CGLineJoin: Int32, Sendable, Hashable, CaseIterable {
    case miter, round, bevel

    var name: LineJoinName {
        switch self {
        case .miter: .miter
        case .round: .round
        case .bevel: .bevel
        }
    }
}

/// A shape filled or stroked.
struct StyledShape: View {
    typealias Body = Never

    /// The outline, resolved when the view is evaluated (see `TransformedShape`).
    let shape: @Sendable () -> ShapeName
    let fill: FillStyle?
    let stroke: StrokeStyleSpec?
    var modifiers: [ViewModifierNode] = []

    func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.shape(shape(), fill: fill, stroke: stroke), modifiers: modifiers))
    }
}

/// The shape of a rounded rectangle's corners. Both are drawn as circular arcs.
public enum RoundedCornerStyle: Sendable, Hashable, CaseIterable {
    case circular, continuous
}

/// A rectangle filling the frame it is given: SwiftUI's `Rectangle`.
public struct Rectangle: InsettableShape, Hashable {
    public typealias Body = Never

    public init() {}

    public var _shapeName: ShapeName { .rectangle }
}

/// A rectangle with rounded corners of a given radius: SwiftUI's `RoundedRectangle`.
public struct RoundedRectangle: InsettableShape, Hashable {
    public typealias Body = Never

    public var cornerRadius: Double
    public var style: RoundedCornerStyle

    public init(cornerRadius: Double, style: RoundedCornerStyle = .continuous) {
        self.cornerRadius = cornerRadius
        self.style = style
    }

    /// Corners of `cornerSize`. A corner wider than it is tall (or taller than wide) is drawn
    /// round, with the smaller of the two as its radius.
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.init(cornerRadius: Double(min(cornerSize.width, cornerSize.height)), style: style)
    }

    /// The corners' size: `cornerRadius` each way.
    public var cornerSize: CGSize { CGSize(width: cornerRadius, height: cornerRadius) }

    public var _shapeName: ShapeName { .roundedRectangle(cornerRadius: cornerRadius) }
}

/// A circle as large as fits, centred in the frame.
public struct Circle: InsettableShape, Hashable {
    public typealias Body = Never

    public init() {}

    public var _shapeName: ShapeName { .circle }
}

/// An ellipse filling the frame.
public struct Ellipse: InsettableShape, Hashable {
    public typealias Body = Never

    public init() {}

    public var _shapeName: ShapeName { .ellipse }
}

/// A rectangle whose shorter sides are half circles.
public struct Capsule: InsettableShape, Hashable {
    public typealias Body = Never

    public var style: RoundedCornerStyle

    public init(style: RoundedCornerStyle = .circular) {
        self.style = style
    }

    public var _shapeName: ShapeName { .capsule }
}

/// A rounded rectangle concentric with the widget's own corners, as SwiftUI's: its corner radius
/// is the widget's, less how far the view is inset from the widget's edge.
public struct ContainerRelativeShape: InsettableShape, Hashable {
    public typealias Body = Never

    public init() {}

    public var _shapeName: ShapeName { .containerRelative }
}

/// A shape that can be drawn inside its bounds, as SwiftUI's: `strokeBorder` strokes it so the
/// whole line stays within the frame (the outline inset by half the line's width).
public protocol InsettableShape: Shape {}

extension InsettableShape {
    /// The shape inset by `amount` on every side of its frame.
    public func inset(by amount: Double) -> some InsettableShape {
        TransformedShape(resolveName: { self._shapeName }, _shapeModifiers: _shapeModifiers + [.padding(EdgeInsetsSpec(all: max(0, amount.finite(or: 0))))])
    }

    /// The outline drawn inside the frame, `lineWidth` points wide, with `content`.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: Double = 1) -> some View {
        stroke(content, lineWidth: lineWidth).padding(lineWidth / 2)
    }

    /// The outline drawn inside the frame with the foreground style.
    public func strokeBorder(lineWidth: Double = 1) -> some View {
        stroke(lineWidth: lineWidth).padding(lineWidth / 2)
    }
}

// iOS 17's shape shorthands: `.clipShape(.rect(cornerRadius: 12))`, `.background(.red, in: .capsule)`.
extension Shape where Self == Rectangle {
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: Double, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}

extension Shape where Self == Circle {
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
}

extension Shape where Self == Ellipse {
    public static var ellipse: Ellipse { Ellipse() }
}

extension Shape where Self == ContainerRelativeShape {
    public static var containerRelative: ContainerRelativeShape { ContainerRelativeShape() }
}
