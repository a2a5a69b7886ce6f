import CPangoCairo
import WidgetPayload

/// The symbols `Image(systemName:)` can name: drawn by the project with Cairo paths in the
/// spirit of SF Symbols, not Apple's artwork (`docs/symbols.md`).
public enum SystemSymbol {
    /// Every name drawn, in the order `docs/symbols.md` lists them.
    public static let allNames: [String] = SymbolShapes.all.map(\.name)

    private static let known = Set(allNames)

    public static func isKnown(_ name: String) -> Bool {
        known.contains(name)
    }

    /// Draws `name` in the largest square centred in `frame`, covered with `paint`; an
    /// unknown name draws a small box with a question mark.
    static func draw(_ name: String, in frame: Rect, paint: Paint, on cairo: OpaquePointer) {
        let side = min(frame.width, frame.height)
        guard side > 0 else { return }
        let shape = SymbolShapes.byName[name] ?? SymbolShapes.unknown
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        // The shape is drawn opaque into a group, which then masks the paint: the paint
        // (a gradient in canvas coordinates) is set in the canvas's own space.
        cairo_push_group_with_content(cairo, CAIRO_CONTENT_ALPHA)
        cairo_save(cairo)
        cairo_translate(cairo, frame.minX + (frame.width - side) / 2, frame.minY + (frame.height - side) / 2)
        cairo_scale(cairo, side, side)
        cairo_new_path(cairo)
        cairo_set_source_rgba(cairo, 0, 0, 0, 1)
        shape.draw(SymbolPen(cairo: cairo))
        cairo_restore(cairo)
        let mask = cairo_pop_group(cairo)
        PaintSource.set(paint, on: cairo)
        cairo_mask(cairo, mask)
        cairo_pattern_destroy(mask)
    }
}
