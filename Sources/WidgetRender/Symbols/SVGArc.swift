import Foundation

/// An SVG elliptical arc (`A rx ry rotation large-arc sweep x y`) from its endpoints to its
/// centre (SVG 1.1, appendix F.6.5), as cubic curves of at most a quarter turn each.
struct SVGArc {
    let from: (x: Double, y: Double)
    let to: (x: Double, y: Double)
    let radii: (Double, Double)
    let rotation: Double
    let largeArc: Bool
    let sweep: Bool

    func curves() -> [SVGPathData.Segment] {
        var rx = abs(radii.0), ry = abs(radii.1)
        guard rx > 0, ry > 0, from != to else { return [.line(to.x, to.y)] }
        let phi = rotation * Double.pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (from.x - to.x) / 2, dy = (from.y - to.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        // Radii too small to span the endpoints grow until they just do.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = (max(numerator, 0) / denominator).squareRoot()
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry
        let cy1 = -factor * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (from.x + to.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (from.y + to.y) / 2
        let start = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - start
        if sweep, delta < 0 { delta += 2 * Double.pi }
        if !sweep, delta > 0 { delta -= 2 * Double.pi }

        let pieces = max(1, Int((abs(delta) / (Double.pi / 2)).rounded(.up)))
        let step = delta / Double(pieces)
        // The control points' distance along the tangent for a circular arc of `step`.
        let handle = 4 / 3 * tan(step / 4)
        func point(_ angle: Double) -> (x: Double, y: Double) {
            let ex = rx * cos(angle), ey = ry * sin(angle)
            return (cosPhi * ex - sinPhi * ey + cx, sinPhi * ex + cosPhi * ey + cy)
        }
        func tangent(_ angle: Double) -> (x: Double, y: Double) {
            let ex = -rx * sin(angle), ey = ry * cos(angle)
            return (cosPhi * ex - sinPhi * ey, sinPhi * ex + cosPhi * ey)
        }
        var segments: [SVGPathData.Segment] = []
        for piece in 0..<pieces {
            let a0 = start + Double(piece) * step, a1 = a0 + step
            let p0 = point(a0), p1 = piece == pieces - 1 ? to : point(a1)
            let t0 = tangent(a0), t1 = tangent(a1)
            segments.append(.curve(p0.x + handle * t0.x, p0.y + handle * t0.y, p1.x - handle * t1.x, p1.y - handle * t1.y, p1.x, p1.y))
        }
        return segments
    }
}
