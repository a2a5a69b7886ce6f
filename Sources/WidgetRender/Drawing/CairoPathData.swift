import CPangoCairo
import WidgetPayload

/// Adds a `Path`'s elements to Cairo's current path: SVG's five commands, a quadratic curve
/// raised to the cubic Cairo draws.
enum CairoPathData {
    /// `path` in `rect`: scaled from its reference size to the rectangle (an axis of no
    /// reference length is not scaled), or, without one, at its own coordinates from the
    /// rectangle's origin. The path is kept in device space, so a stroke's width is not scaled.
    static func add(_ path: PathShape, in rect: Rect, on cairo: OpaquePointer) {
        cairo_save(cairo)
        cairo_translate(cairo, rect.minX, rect.minY)
        if let reference = path.referenceSize {
            let scaleX = reference.width > 0 ? rect.width / reference.width : 1
            let scaleY = reference.height > 0 ? rect.height / reference.height : 1
            // A zero scale would make Cairo's matrix singular: a frame of no width draws nothing.
            guard scaleX > 0, scaleY > 0, scaleX.isFinite, scaleY.isFinite else {
                cairo_restore(cairo)
                return
            }
            cairo_scale(cairo, scaleX, scaleY)
        }
        add(path.elements, on: cairo)
        cairo_restore(cairo)
    }

    /// The elements at their own coordinates in the current user space.
    static func add(_ elements: [PathElement], on cairo: OpaquePointer) {
        cairo_new_sub_path(cairo)
        for element in elements {
            switch element {
            case .move(let point):
                cairo_move_to(cairo, point.x, point.y)
            case .line(let point):
                cairo_line_to(cairo, point.x, point.y)
            case .quadCurve(let point, let control):
                var start = (x: control.x, y: control.y)
                if cairo_has_current_point(cairo) != 0 { cairo_get_current_point(cairo, &start.x, &start.y) }
                // The cubic through the same points: each handle two thirds of the way to the control.
                cairo_curve_to(cairo, start.x + 2 / 3 * (control.x - start.x), start.y + 2 / 3 * (control.y - start.y),
                               point.x + 2 / 3 * (control.x - point.x), point.y + 2 / 3 * (control.y - point.y), point.x, point.y)
            case .curve(let point, let control1, let control2):
                cairo_curve_to(cairo, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
            case .closeSubpath:
                cairo_close_path(cairo)
            }
        }
    }

    /// Cairo's fill rule for `shape`: even-odd for a path that asks for it.
    static func fillRule(for shape: DrawShape) -> cairo_fill_rule_t {
        if case .path(let path) = shape, path.evenOdd { return CAIRO_FILL_RULE_EVEN_ODD }
        return CAIRO_FILL_RULE_WINDING
    }
}
