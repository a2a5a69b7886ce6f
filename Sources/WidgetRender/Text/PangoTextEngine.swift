import CPangoCairo

/// One Pango font map and the two contexts made from it: one to measure (identity matrix) and
/// one the painter points at its Cairo target. Pango objects are not thread-safe, so an engine
/// is only ever used under its owner's lock (`PangoTextMeasurer`).
///
/// Both contexts use the same font options: no hinting of metrics or outlines and unrounded
/// glyph positions, so a run measures the same at every scale and draws exactly as measured.
final class PangoTextEngine {
    private(set) var fontMap: UnsafeMutablePointer<PangoFontMap>
    private(set) var measuringContext: OpaquePointer
    private(set) var drawingContext: OpaquePointer
    /// The `FontRegistry` generation the font map was built at: a font map caches fontconfig's
    /// font list, so fonts registered later are only seen by a new one.
    private(set) var fontGeneration: Int

    init() {
        fontGeneration = FontRegistry.generation
        (fontMap, measuringContext, drawingContext) = Self.makeFontMap()
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(measuringContext))
        g_object_unref(UnsafeMutableRawPointer(drawingContext))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// Rebuilds the font map when a bundle registered fonts since it was built.
    /// Returns true when it did, so that cached measurements are dropped.
    func refreshIfFontsChanged() -> Bool {
        let current = FontRegistry.generation
        guard current != fontGeneration else { return false }
        g_object_unref(UnsafeMutableRawPointer(measuringContext))
        g_object_unref(UnsafeMutableRawPointer(drawingContext))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        fontGeneration = current
        (fontMap, measuringContext, drawingContext) = Self.makeFontMap()
        return true
    }

    private static func makeFontMap() -> (UnsafeMutablePointer<PangoFontMap>, OpaquePointer, OpaquePointer) {
        // A font map of our own, not the per-thread default, so the lock above is the only
        // thing that serialises its use.
        let fontMap = pango_cairo_font_map_new()!
        return (fontMap, makeContext(fontMap), makeContext(fontMap))
    }

    private static func makeContext(_ fontMap: UnsafeMutablePointer<PangoFontMap>) -> OpaquePointer {
        let context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        return context
    }
}
