// Core Graphics' geometry (CGPoint, CGRect, CGFloat) is Foundation's on Linux: SwiftUI's `Path`
// and `Shape.path(in:)` are spelt in it, so this file (with Shapes.swift, Path+Arcs.swift and
// the Canvas files) imports Foundation, where the rest of WidgetSDK keeps to FoundationEssentials.
import Foundation
import WidgetPayload

/// An outline made of lines and curves, as SwiftUI's `Path`: built with `move(to:)`,
/// `addLine(to:)`, curves, arcs and whole rectangles or ellipses, and a `Shape` itself, so
/// `Path { … }.stroke(.blue, lineWidth: 2)` is a view.
///
/// Used as a view, a path is drawn at its own coordinates from its frame's top-left corner, as
/// in SwiftUI. Arcs, ellipses and rounded corners are kept as cubic Bézier curves (within
/// 0.03% of the circle), the form the view tree carries.
public struct Path: Shape, Hashable {
    public typealias Body = Never

    /// The elements in order, in points.
    public private(set) var elements: [PathElement] = []
    /// Where the current subpath began, for `closeSubpath()`.
    var subpathStart: PointSpec?
    var lastPoint: PointSpec?

    public init() {}

    /// A rectangle, from its top-left corner clockwise.
    public init(_ rect: CGRect) {
        addRect(rect)
    }

    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    /// A rectangle with a radius of its own at each corner (iOS 17).
    public init(roundedRect rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerRadii: cornerRadii, style: style)
    }

    /// The ellipse inscribed in `rect`, from its rightmost point clockwise.
    public init(ellipseIn rect: CGRect) {
        addEllipse(in: rect)
    }

    /// A path built by `build`: `Path { path in path.move(to: …); path.addLine(to: …) }`.
    public init(_ build: (inout Path) -> Void) {
        build(&self)
    }

    /// The SDK's own: a path of elements already made (the wire's, or a shape's).
    init(elements: [PathElement]) {
        for element in elements { append(element) }
    }

    // MARK: Building

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint) {
        append(.move(to: point.spec))
    }

    /// A straight line from the current point to `point` (a move when there is none).
    public mutating func addLine(to point: CGPoint) {
        append(lastPoint == nil ? .move(to: point.spec) : .line(to: point.spec))
    }

    /// A move to the first point, then lines through the others.
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        if lastPoint == nil { move(to: control) }
        append(.quadCurve(to: point.spec, control: control.spec))
    }

    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        if lastPoint == nil { move(to: control1) }
        append(.curve(to: point.spec, control1: control1.spec, control2: control2.spec))
    }

    /// Closes the current subpath with a line back to where it began.
    public mutating func closeSubpath() {
        guard lastPoint != nil else { return }
        append(.closeSubpath)
    }

    /// A closed rectangle: its own subpath, from the top-left corner clockwise.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        var added = Path()
        added.addLines([CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)])
        added.closeSubpath()
        addPath(added, transform: transform)
    }

    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// Another path's elements, moved by `transform`, after this one's.
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        let affine = transform.spec
        for element in path.elements { append(affine.isIdentity ? element : element.applying(affine)) }
    }

    // MARK: Reading

    public var isEmpty: Bool { elements.isEmpty }

    /// The end of the last element; nil for an empty path.
    public var currentPoint: CGPoint? {
        lastPoint.map { CGPoint(x: $0.x, y: $0.y) }
    }

    /// The smallest rectangle holding every point and control point (Core Graphics'
    /// `boundingBox`); `.null` for an empty path.
    public var boundingRect: CGRect {
        let points = elements.flatMap(\.points)
        guard let first = points.first else { return .null }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for point in points.dropFirst() {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The path with every point moved by `transform`.
    public func applying(_ transform: CGAffineTransform) -> Path {
        Path(elements: elements.map { $0.applying(transform.spec) })
    }

    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        applying(CGAffineTransform(translationX: dx, y: dy))
    }

    /// Each element, in order, as SwiftUI's `forEach` gives them.
    public func forEach(_ body: (Element) -> Void) {
        for element in elements {
            switch element {
            case .move(let point): body(.move(to: point.cgPoint))
            case .line(let point): body(.line(to: point.cgPoint))
            case .quadCurve(let point, let control): body(.quadCurve(to: point.cgPoint, control: control.cgPoint))
            case .curve(let point, let control1, let control2):
                body(.curve(to: point.cgPoint, control1: control1.cgPoint, control2: control2.cgPoint))
            case .closeSubpath: body(.closeSubpath)
            }
        }
    }

    /// SwiftUI's `Path.Element`.
    public enum Element: Sendable, Hashable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    // MARK: Shape

    /// A path is its own outline whatever the rectangle, as in SwiftUI.
    public func path(in rect: CGRect) -> Path { self }

    /// Drawn unscaled, at its own coordinates from the frame's origin.
    public var _shapeName: ShapeName { .path(PathShape(elements: wireElements)) }

    /// The elements as the wire carries them: non-finite points dropped (JSON cannot hold
    /// them), each number rounded to a thousandth of a point to keep the tree small.
    var wireElements: [PathElement] {
        elements.compactMap { element in
            let points = element.points
            guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
            return element.rounded
        }
    }

    mutating func append(_ element: PathElement) {
        elements.append(element)
        switch element {
        case .move(let point):
            subpathStart = point
            lastPoint = point
        case .line(let point), .quadCurve(let point, _), .curve(let point, _, _):
            lastPoint = point
        case .closeSubpath:
            lastPoint = subpathStart
        }
    }
}

extension PathElement {
    /// Every number rounded to a thousandth.
    var rounded: PathElement {
        func round(_ point: PointSpec) -> PointSpec {
            PointSpec(x: (point.x * 1000).rounded() / 1000, y: (point.y * 1000).rounded() / 1000)
        }
        switch self {
        case .move(let point): return .move(to: round(point))
        case .line(let point): return .line(to: round(point))
        case .quadCurve(let point, let control): return .quadCurve(to: round(point), control: round(control))
        case .curve(let point, let control1, let control2):
            return .curve(to: round(point), control1: round(control1), control2: round(control2))
        case .closeSubpath: return .closeSubpath
        }
    }
}

extension CGPoint {
    var spec: PointSpec { PointSpec(x: Double(x), y: Double(y)) }
}

extension PointSpec {
    var cgPoint: CGPoint { CGPoint(x: x, y: y) }
}

/// The radius of each corner of a rectangle, as SwiftUI's (iOS 17): `Path(roundedRect:cornerRadii:)`.
public struct RectangleCornerRadii: Sendable, Hashable {
    public var topLeading: CGFloat
    public var bottomLeading: CGFloat
    public var bottomTrailing: CGFloat
    public var topTrailing: CGFloat

    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }
}
