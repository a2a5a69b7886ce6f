import CPangoCairo
import Synchronization

/// Whether a glyph's duotone back layer reads as SF's secondary layer: the tone inside the
/// symbol's solid form (a cloud's body, a bell's inside), not a decorative plate behind a mark
/// (Phosphor puts a square behind its plus, a disc behind its arrows), which SF never draws.
/// Decided once per glyph by rasterizing small: the tone must lie inside the fill weight, and
/// the fill weight must be the glyph made solid, not a plate it is cut out of (the regular
/// glyph lies inside it).
enum GlyphTone {
    private static let decided = Mutex<[String: Bool]>([:])
    /// The raster's side, in pixels: enough to tell a plate from a body.
    private static let side: Int32 = 48
    /// The share of the tone that must lie inside the solid form: a plate behind an arc (the
    /// arrows') lies mostly outside, a body mostly inside, though Phosphor's fill weight leaves
    /// gaps (a sun behind a cloud, a battery's cells, a calendar's page) the tone fills.
    private static let toneInside = 0.35
    /// The share of the regular glyph that must lie inside the fill weight: a mark cut out of a
    /// plate (plus, minus, x, dots) lies a third inside or less.
    private static let outlineInside = 0.78

    /// Marks whose fill weight is a shape of its own (a caret's triangle, a check's plate with a
    /// check inside): SF draws them as one layer in every mode.
    private static let marks: Set<String> = [
        "check", "caret-left", "caret-right", "caret-up", "caret-down", "caret-up-down", "caret-double-left",
        "caret-double-right", "caret-double-up", "caret-double-down", "question-mark", "exclamation-mark",
    ]

    static func isInsideShape(_ name: String) -> Bool {
        guard !marks.contains(name) else { return false }
        if let known = decided.withLock({ $0[name] }) { return known }
        let fits = measure(name)
        decided.withLock { $0[name] = fits }
        return fits
    }

    private static func measure(_ name: String) -> Bool {
        guard let tone = PhosphorGlyphs.glyph(name, weight: .duotone)?.back, !tone.isEmpty,
              let outline = PhosphorGlyphs.glyph(name, weight: .regular)?.front,
              let solid = PhosphorGlyphs.glyph(name, weight: .fill)?.front else { return false }
        func share(_ paths: [SVGPathData]) -> Double {
            let whole = coverage(paths, within: nil)
            return whole == 0 ? 0 : Double(coverage(paths, within: solid)) / Double(whole)
        }
        return share(tone) >= toneInside && share(outline) >= outlineInside
    }

    /// How many pixels `paths` cover, only where `clip` covers too when given.
    private static func coverage(_ paths: [SVGPathData], within clip: [SVGPathData]?) -> Int {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, side, side) else { return 0 }
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { return 0 }
        defer { cairo_destroy(cairo) }
        let scale = Double(side) / PhosphorGlyphs.unitsPerSide
        cairo_scale(cairo, scale, scale)
        if let clip {
            for path in clip { path.replay(on: cairo) }
            cairo_clip(cairo)
        }
        for path in paths { path.replay(on: cairo) }
        cairo_fill(cairo)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return 0 }
        var count = 0
        for row in 0..<Int(side) {
            for column in 0..<Int(side) where data[row * stride + column] > 127 { count += 1 }
        }
        return count
    }
}
