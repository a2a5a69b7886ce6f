import WidgetPayload

/// A shape, as SwiftUI's: a view that fills what it is offered with the foreground style, and an
/// outline for `clipShape(_:)`, `background(_:in:)` and `mask(_:)`. The SDK's shapes are the
/// ones below; the host draws them.
public protocol Shape: View, Sendable {
    /// The SDK's own: the shape as the view tree writes it. Only the SDK's shapes have one.
    var _shapeName: ShapeName { get }
}

extension Shape {
    public func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.shape(_shapeName, fill: nil, stroke: nil)))
    }

    /// The shape filled with `style`.
    public func fill<S: ShapeStyle>(_ style: S) -> some View {
        StyledShape(shape: _shapeName, fill: style._fillStyle, stroke: nil)
    }

    /// The shape filled with the foreground style.
    public func fill() -> some View {
        StyledShape(shape: _shapeName, fill: nil, stroke: nil)
    }

    /// The shape's outline, `lineWidth` points wide, drawn with `style`.
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: Double = 1) -> some View {
        StyledShape(shape: _shapeName, fill: nil, stroke: StrokeStyleSpec(fill: style._fillStyle, lineWidth: lineWidth))
    }

    /// The shape's outline, `lineWidth` points wide, drawn with the foreground style.
    public func stroke(lineWidth: Double = 1) -> some View {
        StyledShape(shape: _shapeName, fill: nil, stroke: StrokeStyleSpec(fill: nil, lineWidth: lineWidth))
    }
}

/// A shape filled or stroked.
struct StyledShape: View {
    typealias Body = Never

    let shape: ShapeName
    let fill: FillStyle?
    let stroke: StrokeStyleSpec?

    func _makeNodes(into nodes: inout [ViewNode]) {
        nodes.append(ViewNode(.shape(shape, fill: fill, stroke: stroke)))
    }
}

/// The shape of a rounded rectangle's corners. Both are drawn as circular arcs.
public enum RoundedCornerStyle: Sendable, Hashable, CaseIterable {
    case circular, continuous
}

/// A rectangle filling the frame it is given: SwiftUI's `Rectangle`.
public struct Rectangle: Shape, Hashable {
    public typealias Body = Never

    public init() {}

    public var _shapeName: ShapeName { .rectangle }
}

/// A rectangle with rounded corners of a given radius: SwiftUI's `RoundedRectangle`.
public struct RoundedRectangle: Shape, Hashable {
    public typealias Body = Never

    public var cornerRadius: Double
    public var style: RoundedCornerStyle

    public init(cornerRadius: Double, style: RoundedCornerStyle = .continuous) {
        self.cornerRadius = cornerRadius
        self.style = style
    }

    public var _shapeName: ShapeName { .roundedRectangle(cornerRadius: cornerRadius) }
}

/// A circle as large as fits, centred in the frame.
public struct Circle: Shape, Hashable {
    public typealias Body = Never

    public init() {}

    public var _shapeName: ShapeName { .circle }
}

/// An ellipse filling the frame.
public struct Ellipse: Shape, Hashable {
    public typealias Body = Never

    public init() {}

    public var _shapeName: ShapeName { .ellipse }
}

/// A rectangle whose shorter sides are half circles.
public struct Capsule: Shape, Hashable {
    public typealias Body = Never

    public var style: RoundedCornerStyle

    public init(style: RoundedCornerStyle = .circular) {
        self.style = style
    }

    public var _shapeName: ShapeName { .capsule }
}
