import CPangoCairo
import Foundation
import WidgetPayload

/// Draws one symbol's recipe into a square, in glyph units (Phosphor's 256 a side), layer by
/// layer as SF Symbols colours them:
///
/// - the glyph (its variable layers, or its duotone back layer) and any enclosure, slash or badge;
/// - monochrome: everything in the foreground, a filled enclosure with its glyph cut out of it;
/// - hierarchical: the secondary parts (an enclosure, a back layer, unlit variable layers) in
///   the foreground at a lower opacity; palette: in the secondary style.
///
/// Cut-outs (a filled enclosure's glyph, a slash's and a badge's gaps) are erased inside a group
/// of their own, as SF's layers are one image.
struct SymbolPainter {
    let cairo: OpaquePointer
    let recipe: SymbolRecipe
    let request: SymbolRequest
    let primary: Paint
    /// The square's top-left corner and side, in the canvas's points.
    let origin: Point
    let side: Double

    /// SF's hierarchical opacities for the secondary and tertiary levels.
    static let secondaryOpacity = 0.45
    static let tertiaryOpacity = 0.25
    private static let units = PhosphorGlyphs.unitsPerSide

    private var mode: SymbolRenderingModeName { request.renderingMode ?? .monochrome }

    private var strokeWeight: PhosphorGlyphs.Weight { PhosphorGlyphs.Weight(request.weight) }

    /// The paint and opacity of a level: 0 primary, 1 secondary, 2 tertiary.
    private func level(_ index: Int) -> (paint: Paint, opacity: Double) {
        switch (mode, index) {
        case (_, 0), (.monochrome, _), (.multicolor, _): (primary, 1)
        case (.palette, 1): request.secondary.map { ($0, 1) } ?? (primary, Self.secondaryOpacity)
        case (.palette, _): request.tertiary.map { ($0, 1) } ?? request.secondary.map { ($0, 1) } ?? (primary, Self.tertiaryOpacity)
        case (_, 1): (primary, Self.secondaryOpacity)
        default: (primary, Self.tertiaryOpacity)
        }
    }

    func draw() {
        cairo_push_group(cairo)
        if let enclosure = recipe.enclosure {
            drawEnclosed(enclosure)
        } else {
            drawGlyph(center: Self.units / 2, scale: 1)
        }
        if recipe.isSlashed { drawSlash() }
        if let badge = recipe.badge { drawBadge(badge) }
        cairo_pop_group_to_source(cairo)
        cairo_paint(cairo)
    }

    /// The glyph, scaled about its centre and moved to `center` (both axes).
    private func drawGlyph(center: Double, scale: Double, weightOverride: PhosphorGlyphs.Weight? = nil) {
        let weight = weightOverride ?? (recipe.isFilled ? .fill : strokeWeight)
        let place = { (paths: [SVGPathData]) in self.fill(paths, at: center, scale: scale) }
        if !recipe.variableStages.isEmpty, let value = request.variableValue {
            // Unlit layers are the whole glyph at the secondary level; the lit ones over it.
            let stages = recipe.variableStages
            let lit = min(max(Int((value * Double(stages.count - 1)).rounded(.up)), 0), stages.count - 1)
            if let all = PhosphorGlyphs.glyph(stages[stages.count - 1], weight: weight) {
                place(all.front)
                paint(level: 1, dim: true)
            }
            if let shown = PhosphorGlyphs.glyph(stages[lit], weight: weight) {
                place(shown.front)
                paint(level: 0)
            }
            return
        }
        if mode == .hierarchical || mode == .palette, weight != .fill, GlyphTone.isInsideShape(recipe.glyph),
           let layered = PhosphorGlyphs.glyph(recipe.glyph, weight: .duotone) {
            place(layered.back)
            paint(level: 1)
        }
        guard let glyph = PhosphorGlyphs.glyph(recipe.glyph, weight: weight) else { return }
        place(glyph.front)
        paint(level: 0)
    }

    /// A circle or rounded square around the glyph drawn smaller; filled, the glyph is cut out
    /// of it in monochrome, or drawn over it in the primary level otherwise.
    private func drawEnclosed(_ enclosure: SymbolRecipe.Enclosure) {
        let center = Self.units / 2
        let stroke = strokeWeight.strokeWidth
        // A filled enclosure covers what the outline's stroke would.
        let half = Self.units * 0.44 + (recipe.isFilled ? stroke / 2 : 0)
        transformed {
            cairo_new_path(cairo)
            switch enclosure {
            case .circle: cairo_arc(cairo, center, center, half, 0, 2 * Double.pi)
            case .square:
                ShapePath.roundedRectangle(Rect(x: center - half, y: center - half, width: 2 * half, height: 2 * half),
                                           radius: half * 0.36, on: cairo)
            case .octagon:
                // Flat sides up and down, as a stop sign.
                for corner in 0..<8 {
                    let angle = Double.pi / 8 + Double(corner) * Double.pi / 4
                    let radius = half / cos(Double.pi / 8)
                    cairo_line_to(cairo, center + radius * cos(angle), center + radius * sin(angle))
                }
                cairo_close_path(cairo)
            }
        }
        guard recipe.isFilled else {
            paint(level: 1, strokeWidth: stroke)
            drawGlyph(center: center, scale: 0.56)
            return
        }
        let cutsOut = mode == .monochrome || mode == .multicolor
        paint(level: cutsOut ? 0 : 1)
        var inner = recipe
        inner.isFilled = false
        let glyph = SymbolPainter(cairo: cairo, recipe: inner, request: request, primary: primary, origin: origin, side: side)
        if cutsOut { cairo_set_operator(cairo, CAIRO_OPERATOR_DEST_OUT) }
        glyph.drawGlyph(center: center, scale: 0.56, weightOverride: .bold)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
    }

    /// SF's slash: a gap erased along the diagonal, then the slash drawn in it.
    private func drawSlash() {
        let stroke = strokeWeight.strokeWidth
        let (from, to) = ((x: 40.0, y: 32.0), (x: 216.0, y: 224.0))
        // The gap is the slash's width again beside it, on the side SF leaves open (up and right).
        cairo_set_operator(cairo, CAIRO_OPERATOR_DEST_OUT)
        transformed {
            cairo_new_path(cairo)
            cairo_move_to(cairo, from.x + stroke * 0.7, from.y - stroke * 0.7)
            cairo_line_to(cairo, to.x + stroke * 0.7, to.y - stroke * 0.7)
            cairo_set_line_width(cairo, stroke * 1.8)
            cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
            cairo_stroke(cairo)
        }
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        transformed {
            cairo_new_path(cairo)
            cairo_move_to(cairo, from.x, from.y)
            cairo_line_to(cairo, to.x, to.y)
        }
        paint(level: 0, strokeWidth: stroke)
    }

    /// A dot at the top right, or a mark at the bottom right, each in a gap erased around it.
    private func drawBadge(_ badge: SymbolRecipe.Badge) {
        let isDot = badge == .dot
        let center = isDot ? Point(x: 204, y: 52) : Point(x: 196, y: 196)
        let radius = isDot ? 36.0 : 60.0
        transformed {
            cairo_new_path(cairo)
            cairo_arc(cairo, center.x, center.y, radius + 14, 0, 2 * Double.pi)
        }
        cairo_set_operator(cairo, CAIRO_OPERATOR_DEST_OUT)
        cairo_fill(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        switch badge {
        case .dot:
            transformed {
                cairo_new_path(cairo)
                cairo_arc(cairo, center.x, center.y, radius, 0, 2 * Double.pi)
            }
            // SF's badge dot is the symbol's accent: red in multicolor, secondary in palette.
            paint(level: mode == .palette ? 1 : 0)
        case .mark(let name):
            guard let glyph = PhosphorGlyphs.glyph(name, weight: .bold) else { return }
            let scale = 2 * radius / Self.units
            transformed {
                cairo_new_path(cairo)
                cairo_translate(cairo, center.x - Self.units / 2 * scale, center.y - Self.units / 2 * scale)
                cairo_scale(cairo, scale, scale)
                for path in glyph.front { path.replay(on: cairo) }
            }
            paint(level: mode == .palette ? 1 : 0)
        }
    }

    /// Adds `paths` to the current path, scaled about the glyph's centre and moved to `center`.
    private func fill(_ paths: [SVGPathData], at center: Double, scale: Double) {
        transformed {
            cairo_new_path(cairo)
            cairo_translate(cairo, center - Self.units / 2 * scale, center - Self.units / 2 * scale)
            cairo_scale(cairo, scale, scale)
            if recipe.isRotated {
                cairo_translate(cairo, Self.units / 2, Self.units / 2)
                cairo_rotate(cairo, Double.pi / 2)
                cairo_translate(cairo, -Self.units / 2, -Self.units / 2)
            }
            for path in paths { path.replay(on: cairo) }
        }
    }

    /// Fills the current path in a level's paint, or strokes it `strokeWidth` glyph units wide.
    /// `dim`: an unlit variable layer, as faint as SF draws it unless a palette colours it.
    private func paint(level index: Int, dim: Bool = false, strokeWidth: Double? = nil) {
        var (paint, opacity) = level(index)
        if dim, !(mode == .palette && request.secondary != nil) { opacity = Self.tertiaryOpacity }
        layer(opacity: opacity) {
            // The source is set in the canvas's space (a gradient spans the canvas); a stroke's
            // width is read in the glyph's.
            PaintSource.set(paint, on: cairo)
            if let strokeWidth {
                transformed {
                    cairo_set_line_width(cairo, strokeWidth)
                    cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
                    cairo_stroke(cairo)
                }
            } else {
                cairo_fill(cairo)
            }
        }
        cairo_new_path(cairo)
    }

    /// Runs `draw` at `opacity`: drawn opaque into a group painted at that opacity, so a glyph's
    /// overlapping parts are no darker, as SF draws each layer as one.
    private func layer(opacity: Double, _ draw: () -> Void) {
        guard opacity < 1 else { return draw() }
        let path = cairo_copy_path(cairo)
        defer { cairo_path_destroy(path) }
        let operation = cairo_get_operator(cairo)
        cairo_push_group(cairo)
        cairo_new_path(cairo)
        cairo_append_path(cairo, path)
        draw()
        cairo_pop_group_to_source(cairo)
        cairo_set_operator(cairo, operation)
        cairo_paint_with_alpha(cairo, opacity)
    }

    /// Runs `build` with the glyph square's transform, restoring the canvas's after (the path
    /// built stays where it was drawn, the source set before stays in the canvas's space).
    private func transformed(_ build: () -> Void) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        cairo_translate(cairo, origin.x, origin.y)
        cairo_scale(cairo, side / Self.units, side / Self.units)
        build()
        cairo_set_matrix(cairo, &matrix)
    }
}
