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
        // Parts overlap (a stroke over a fill), so a translucent colour is drawn opaque into
        // a layer that is then painted at its alpha, as SwiftUI draws a symbol as one image.
        var source = paint
        var layerAlpha: Double?
        if case .color(var color) = paint, color.alpha < 1 {
            layerAlpha = color.alpha
            color.alpha = 1
            source = .color(color)
            cairo_push_group(cairo)
        }
        // The source is set in the canvas's space (a gradient spans the canvas), then the
        // unit square is scaled to the frame.
        PaintSource.set(source, on: cairo)
        cairo_save(cairo)
        cairo_translate(cairo, frame.minX + (frame.width - side) / 2, frame.minY + (frame.height - side) / 2)
        cairo_scale(cairo, side, side)
        cairo_new_path(cairo)
        shape.draw(SymbolPen(cairo: cairo))
        cairo_restore(cairo)
        if let layerAlpha {
            cairo_pop_group_to_source(cairo)
            cairo_paint_with_alpha(cairo, max(layerAlpha, 0))
        }
    }
}
