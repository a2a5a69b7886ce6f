import CPangoCairo

/// Sets a `Paint` as Cairo's source. Gradients are in canvas coordinates: set the source
/// while the context's matrix is the canvas's, before any per-shape transform.
enum PaintSource {
    static func set(_ paint: Paint, on cairo: OpaquePointer) {
        switch paint {
        case .color(let color):
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        case .linearGradient(let stops, let start, let end):
            guard !stops.isEmpty else {
                cairo_set_source_rgba(cairo, 0, 0, 0, 0)
                return
            }
            setGradient(cairo_pattern_create_linear(start.x, start.y, end.x, end.y), stops, on: cairo)
        case .radialGradient(let stops, let center, let startRadius, let endRadius):
            guard !stops.isEmpty else {
                cairo_set_source_rgba(cairo, 0, 0, 0, 0)
                return
            }
            setGradient(cairo_pattern_create_radial(center.x, center.y, startRadius, center.x, center.y, endRadius), stops, on: cairo)
        }
    }

    /// `pattern` with `stops`, its end colours extended, as the source; the pattern is released.
    private static func setGradient(_ pattern: OpaquePointer?, _ stops: [GradientStop], on cairo: OpaquePointer) {
        // Cairo wants stops in order; SwiftUI clamps locations to the gradient's length.
        for stop in stops.sorted(by: { $0.location < $1.location }) {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, min(max(stop.location, 0), 1), c.red, c.green, c.blue, c.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cairo, pattern)
        cairo_pattern_destroy(pattern)
    }
}
