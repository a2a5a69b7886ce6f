import Foundation
import CPangoCairo

/// Draws a symbol's parts in its unit square (0…1, y down) into a mask group: `fill` and
/// `stroke` add coverage, `cut` removes it (CLEAR), so holes need no path arithmetic.
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

    /// Clears what `body`'s path covers when filled.
    func cut(_ body: () -> Void) {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        body()
        cairo_fill(cairo)
        cairo_restore(cairo)
    }
}
