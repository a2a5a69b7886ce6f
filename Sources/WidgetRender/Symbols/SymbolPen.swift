import Foundation
import CPangoCairo

/// Draws a symbol's parts in its unit square (0…1, y down) with the source the painter set.
/// Holes are paths filled even-odd, not erased, so the SVG output stays plain paths that
/// every SVG reader draws (Cairo writes groups used as masks in a form librsvg misreads).
struct SymbolPen {
    let cairo: OpaquePointer
    /// SF Symbols' regular weight is about a tenth of the symbol's size.
    static let line = 0.09

    func circle(_ x: Double, _ y: Double, _ r: Double) {
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x, y, r, 0, 2 * Double.pi)
        cairo_close_path(cairo)
    }

    func polygon(_ points: [(Double, Double)]) {
        guard let first = points.first else { return }
        cairo_move_to(cairo, first.0, first.1)
        for point in points.dropFirst() { cairo_line_to(cairo, point.0, point.1) }
        cairo_close_path(cairo)
    }

    func polyline(_ points: [(Double, Double)]) {
        guard let first = points.first else { return }
        cairo_move_to(cairo, first.0, first.1)
        for point in points.dropFirst() { cairo_line_to(cairo, point.0, point.1) }
    }

    func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double = 0) {
        ShapePath.roundedRectangle(Rect(x: x, y: y, width: width, height: height), radius: radius, on: cairo)
    }

    func ellipse(_ x: Double, _ y: Double, _ rx: Double, _ ry: Double) {
        ShapePath.add(.ellipse, Rect(x: x - rx, y: y - ry, width: 2 * rx, height: 2 * ry), on: cairo)
    }

    /// A sine wave across `x0…x1` at height `y`.
    func wave(_ x0: Double, _ x1: Double, y: Double, amplitude: Double, periods: Double) {
        let steps = 32
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let point = (x0 + (x1 - x0) * t, y - amplitude * sin(t * periods * 2 * Double.pi))
            if step == 0 { cairo_move_to(cairo, point.0, point.1) } else { cairo_line_to(cairo, point.0, point.1) }
        }
    }

    func fill() {
        cairo_fill(cairo)
    }

    func stroke(_ width: Double = SymbolPen.line) {
        cairo_set_line_width(cairo, width)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cairo)
    }

    /// Fills the current path even-odd: inner subpaths become holes.
    func fillWithHoles() {
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(cairo)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
    }

    /// The part of the disc (x1, y1, r1) outside the disc (x2, y2, r2), which must overlap
    /// it: around the first circle the long way between their crossings, back along the second.
    func crescent(_ x1: Double, _ y1: Double, _ r1: Double, minus x2: Double, _ y2: Double, _ r2: Double) {
        let d = ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)).squareRoot()
        let toward = atan2(y2 - y1, x2 - x1)
        let along = (r1 * r1 - r2 * r2 + d * d) / (2 * d)
        let alpha = acos(min(max(along / r1, -1), 1))
        let beta = acos(min(max((d - along) / r2, -1), 1))
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x1, y1, r1, toward + alpha, toward - alpha + 2 * Double.pi)
        cairo_arc_negative(cairo, x2, y2, r2, toward + Double.pi + beta, toward + Double.pi - beta)
        cairo_close_path(cairo)
    }
}
