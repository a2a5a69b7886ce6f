import Foundation
import WidgetPayload

/// Arcs, ellipses and rounded rectangles, added to a `Path` as cubic Bézier curves of at most a
/// quarter turn each (the standard 4/3·tan(θ/4) handles: within 0.03% of the circle).
extension Path {
    /// An arc of the circle around `center`, from `startAngle` to `endAngle`, joined to the
    /// current point by a line. Angles are measured as on screen (0 points right, 90° down);
    /// `clockwise` is Core Graphics' sense, which on a screen whose y points down draws the
    /// other way: `clockwise: false` turns clockwise on screen, as in SwiftUI.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
                                transform: CGAffineTransform = .identity) {
        let twoPi = 2 * Double.pi
        var sweep = endAngle.radians - startAngle.radians
        if clockwise {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) - twoPi }
            sweep = max(sweep, -twoPi)
        } else {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) + twoPi }
            sweep = min(sweep, twoPi)
        }
        var arc = Path()
        if let current = currentPoint { arc.move(to: transform.inverted().apply(current)) }
        arc.appendArc(center: center.spec, radius: Double(radius), start: startAngle.radians, sweep: sweep)
        let affine = transform.spec
        let start = lastPoint == nil ? 0 : 1 // The move to the current point was only to join the line.
        for element in arc.elements.dropFirst(start) { append(affine.isIdentity ? element : element.applying(affine)) }
    }

    /// An arc of `radius` tangent to the line from the current point to `tangent1End` and to the
    /// line from there to `tangent2End`, joined to the current point by a line (Core Graphics'
    /// `addArc(tangent1End:tangent2End:radius:)`, the usual way to round a corner).
    public mutating func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        let p0 = currentPoint.map { transform.inverted().apply($0) } ?? tangent1End
        let p1 = tangent1End, p2 = tangent2End
        let (v1x, v1y) = (Double(p0.x - p1.x), Double(p0.y - p1.y))
        let (v2x, v2y) = (Double(p2.x - p1.x), Double(p2.y - p1.y))
        let (l1, l2) = ((v1x * v1x + v1y * v1y).squareRoot(), (v2x * v2x + v2y * v2y).squareRoot())
        let cross = v1x * v2y - v1y * v2x
        guard l1 > 0, l2 > 0, radius > 0, abs(cross) > 1e-12 else {
            return addPath(Path { $0.move(to: p0); $0.addLine(to: p1) }.droppingLeadingMove(if: lastPoint != nil), transform: transform)
        }
        // Half the angle between the two lines, and how far from the corner the arc touches them.
        let angle = acos(max(-1, min(1, (v1x * v2x + v1y * v2y) / (l1 * l2))))
        let distance = Double(radius) / tan(angle / 2)
        let t1 = PointSpec(x: Double(p1.x) + v1x / l1 * distance, y: Double(p1.y) + v1y / l1 * distance)
        let t2 = PointSpec(x: Double(p1.x) + v2x / l2 * distance, y: Double(p1.y) + v2y / l2 * distance)
        // The centre lies along the bisector, `radius` from both lines.
        let (bx, by) = (v1x / l1 + v2x / l2, v1y / l1 + v2y / l2)
        let bl = (bx * bx + by * by).squareRoot()
        let centerDistance = Double(radius) / sin(angle / 2)
        let center = PointSpec(x: Double(p1.x) + bx / bl * centerDistance, y: Double(p1.y) + by / bl * centerDistance)
        let start = atan2(t1.y - center.y, t1.x - center.x), end = atan2(t2.y - center.y, t2.x - center.x)
        var sweep = end - start
        // The short way round, turning as the corner does.
        if cross > 0, sweep > 0 { sweep -= 2 * .pi }
        if cross < 0, sweep < 0 { sweep += 2 * .pi }
        var arc = Path()
        arc.move(to: p0)
        arc.addLine(to: t1.cgPoint)
        arc.appendArc(center: center, radius: Double(radius), start: start, sweep: sweep)
        addPath(arc.droppingLeadingMove(if: lastPoint != nil), transform: transform)
    }

    /// The ellipse inscribed in `rect`, as its own closed subpath from its rightmost point,
    /// clockwise on screen.
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        var ellipse = Path()
        let center = PointSpec(x: Double(r.midX), y: Double(r.midY))
        ellipse.appendEllipticArc(center: center, radiusX: Double(r.width) / 2, radiusY: Double(r.height) / 2, start: 0, sweep: 2 * .pi)
        ellipse.closeSubpath()
        addPath(ellipse, transform: transform)
    }

    /// A rectangle with corners of `cornerSize` (each clamped to half the side), as its own
    /// closed subpath from where the top edge leaves the top-left corner, clockwise. Continuous
    /// corners are drawn circular.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous,
                                        transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let rx = min(max(Double(cornerSize.width), 0), Double(r.width) / 2)
        let ry = min(max(Double(cornerSize.height), 0), Double(r.height) / 2)
        guard rx > 0, ry > 0 else { return addRect(r, transform: transform) }
        let (minX, minY, maxX, maxY) = (Double(r.minX), Double(r.minY), Double(r.maxX), Double(r.maxY))
        let half = Double.pi / 2
        var rounded = Path()
        rounded.move(to: CGPoint(x: minX + rx, y: minY))
        rounded.addLine(to: CGPoint(x: maxX - rx, y: minY))
        rounded.appendEllipticArc(center: PointSpec(x: maxX - rx, y: minY + ry), radiusX: rx, radiusY: ry, start: -half, sweep: half)
        rounded.addLine(to: CGPoint(x: maxX, y: maxY - ry))
        rounded.appendEllipticArc(center: PointSpec(x: maxX - rx, y: maxY - ry), radiusX: rx, radiusY: ry, start: 0, sweep: half)
        rounded.addLine(to: CGPoint(x: minX + rx, y: maxY))
        rounded.appendEllipticArc(center: PointSpec(x: minX + rx, y: maxY - ry), radiusX: rx, radiusY: ry, start: half, sweep: half)
        rounded.addLine(to: CGPoint(x: minX, y: minY + ry))
        rounded.appendEllipticArc(center: PointSpec(x: minX + rx, y: minY + ry), radiusX: rx, radiusY: ry, start: 2 * half, sweep: half)
        rounded.closeSubpath()
        addPath(rounded, transform: transform)
    }

    /// A rectangle whose corners have radii of their own (iOS 17's `RectangleCornerRadii`), from
    /// the top edge clockwise. Each radius is at most half the shorter side.
    public mutating func addRoundedRect(in rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous,
                                        transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let limit = min(Double(r.width), Double(r.height)) / 2
        func clamped(_ radius: CGFloat) -> Double { min(max(Double(radius), 0), limit) }
        let (topLeading, topTrailing) = (clamped(cornerRadii.topLeading), clamped(cornerRadii.topTrailing))
        let (bottomTrailing, bottomLeading) = (clamped(cornerRadii.bottomTrailing), clamped(cornerRadii.bottomLeading))
        let (minX, minY, maxX, maxY) = (Double(r.minX), Double(r.minY), Double(r.maxX), Double(r.maxY))
        let half = Double.pi / 2
        var rounded = Path()
        rounded.move(to: CGPoint(x: minX + topLeading, y: minY))
        rounded.addLine(to: CGPoint(x: maxX - topTrailing, y: minY))
        if topTrailing > 0 { rounded.appendArc(center: PointSpec(x: maxX - topTrailing, y: minY + topTrailing), radius: topTrailing, start: -half, sweep: half) }
        rounded.addLine(to: CGPoint(x: maxX, y: maxY - bottomTrailing))
        if bottomTrailing > 0 { rounded.appendArc(center: PointSpec(x: maxX - bottomTrailing, y: maxY - bottomTrailing), radius: bottomTrailing, start: 0, sweep: half) }
        rounded.addLine(to: CGPoint(x: minX + bottomLeading, y: maxY))
        if bottomLeading > 0 { rounded.appendArc(center: PointSpec(x: minX + bottomLeading, y: maxY - bottomLeading), radius: bottomLeading, start: half, sweep: half) }
        rounded.addLine(to: CGPoint(x: minX, y: minY + topLeading))
        if topLeading > 0 { rounded.appendArc(center: PointSpec(x: minX + topLeading, y: minY + topLeading), radius: topLeading, start: 2 * half, sweep: half) }
        rounded.closeSubpath()
        addPath(rounded, transform: transform)
    }

    // MARK: Curves

    private mutating func appendArc(center: PointSpec, radius: Double, start: Double, sweep: Double) {
        appendEllipticArc(center: center, radiusX: radius, radiusY: radius, start: start, sweep: sweep)
    }

    /// An arc of the axis-aligned ellipse, as cubics of at most a quarter turn: a line to its
    /// start from the current point (a move when there is none), then the curves.
    private mutating func appendEllipticArc(center: PointSpec, radiusX: Double, radiusY: Double, start: Double, sweep: Double) {
        func point(_ angle: Double) -> PointSpec {
            PointSpec(x: center.x + radiusX * Self.snapped(cos(angle)), y: center.y + radiusY * Self.snapped(sin(angle)))
        }
        let first = point(start)
        if lastPoint == nil { append(.move(to: first)) } else if lastPoint != first { append(.line(to: first)) }
        guard sweep != 0, radiusX.isFinite, radiusY.isFinite else { return }
        let segments = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(segments)
        let handle = 4.0 / 3.0 * tan(step / 4)
        var angle = start
        for _ in 0..<segments {
            let next = angle + step
            let (a, b) = (point(angle), point(next))
            let control1 = PointSpec(x: a.x - handle * radiusX * Self.snapped(sin(angle)), y: a.y + handle * radiusY * Self.snapped(cos(angle)))
            let control2 = PointSpec(x: b.x + handle * radiusX * Self.snapped(sin(next)), y: b.y - handle * radiusY * Self.snapped(cos(next)))
            append(.curve(to: b, control1: control1, control2: control2))
            angle = next
        }
    }

    /// A sine or cosine with the rounding error of a quarter turn removed (cos(π/2) is 6e-17),
    /// so an ellipse's extreme points lie exactly on its rectangle.
    private static func snapped(_ value: Double) -> Double {
        abs(value) < 1e-12 ? 0 : abs(abs(value) - 1) < 1e-12 ? (value > 0 ? 1 : -1) : value
    }

    /// This path without its first element when it is a move and `condition` holds: joined to
    /// a path that already has a current point, by the line after the move.
    private func droppingLeadingMove(if condition: Bool) -> Path {
        guard condition, case .move? = elements.first else { return self }
        var joined = Path()
        joined.lastPoint = PointSpec(x: 0, y: 0) // So the first line stays a line.
        for element in elements.dropFirst() { joined.append(element) }
        return joined
    }
}
