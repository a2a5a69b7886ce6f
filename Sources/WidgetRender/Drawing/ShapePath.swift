import CPangoCairo

/// Adds a `DrawShape`'s outline in `rect` to Cairo's current path, as SwiftUI's shapes
/// draw: a rounded rectangle's radius and a capsule's are clamped to half the short side.
enum ShapePath {
    static func add(_ shape: DrawShape, _ rect: Rect, on cairo: OpaquePointer) {
        guard rect.width > 0, rect.height > 0 else { return }
        switch shape {
        case .rectangle:
            cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        case .roundedRectangle(let radius):
            roundedRectangle(rect, radius: radius, on: cairo)
        case .capsule:
            roundedRectangle(rect, radius: min(rect.width, rect.height) / 2, on: cairo)
        case .ellipse:
            cairo_save(cairo)
            cairo_translate(cairo, rect.minX + rect.width / 2, rect.minY + rect.height / 2)
            cairo_scale(cairo, rect.width / 2, rect.height / 2)
            cairo_new_sub_path(cairo)
            cairo_arc(cairo, 0, 0, 1, 0, 2 * Double.pi)
            cairo_close_path(cairo)
            // The path is kept in device space; restoring only drops the scale.
            cairo_restore(cairo)
        }
    }

    static func roundedRectangle(_ rect: Rect, radius: Double, on cairo: OpaquePointer) {
        let r = min(max(radius, 0), min(rect.width, rect.height) / 2)
        guard r > 0 else {
            cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        let half = Double.pi / 2
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, rect.maxX - r, rect.minY + r, r, -half, 0)
        cairo_arc(cairo, rect.maxX - r, rect.maxY - r, r, 0, half)
        cairo_arc(cairo, rect.minX + r, rect.maxY - r, r, half, 2 * half)
        cairo_arc(cairo, rect.minX + r, rect.minY + r, r, 2 * half, 3 * half)
        cairo_close_path(cairo)
    }
}
