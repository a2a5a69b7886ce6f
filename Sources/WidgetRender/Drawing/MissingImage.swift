import CPangoCairo

/// The box drawn where an image could not be: light grey with a thin border and a diagonal
/// cross, so a missing asset is visible rather than blank.
enum MissingImage {
    static func draw(in frame: Rect, on cairo: OpaquePointer) {
        guard frame.width > 0, frame.height > 0 else { return }
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_rectangle(cairo, frame.minX, frame.minY, frame.width, frame.height)
        cairo_clip_preserve(cairo)
        cairo_set_source_rgba(cairo, 0.9, 0.9, 0.9, 1)
        cairo_fill(cairo)
        let line = max(1, min(frame.width, frame.height) / 40)
        cairo_set_line_width(cairo, line)
        cairo_set_source_rgba(cairo, 0.62, 0.62, 0.62, 1)
        cairo_rectangle(cairo, frame.minX + line / 2, frame.minY + line / 2, frame.width - line, frame.height - line)
        cairo_move_to(cairo, frame.minX, frame.minY)
        cairo_line_to(cairo, frame.maxX, frame.maxY)
        cairo_move_to(cairo, frame.maxX, frame.minY)
        cairo_line_to(cairo, frame.minX, frame.maxY)
        cairo_stroke(cairo)
    }
}
