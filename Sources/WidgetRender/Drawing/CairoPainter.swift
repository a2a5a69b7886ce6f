import CPangoCairo
import WidgetPayload

/// Paints a `DisplayList` onto a Cairo context: shapes, paints, text (Pango, laid out as
/// `PangoTextMeasurer` measured it), images from the bundle's assets, the SDK's symbols,
/// clips, opacity layers and masks.
public struct CairoPainter: Sendable {
    public var assets: BundleAssets
    public var text: PangoTextMeasurer

    public init(assets: BundleAssets = .empty, text: PangoTextMeasurer = .shared) {
        self.assets = assets
        self.text = text
    }

    /// What a push left open, so its pop knows what to undo.
    private enum Layer {
        case clip
        case rotation
        /// `offset`, `scaleEffect`.
        case transform
        case shadow(color: RGBA, radius: Double, dx: Double, dy: Double)
        case blur(radius: Double)
        case opacity(Double)
        /// The accent group, drawn as a layer of its own.
        case accentGroup
        case maskedContent
        /// Drawing the mask; `content` is the masked content's pattern.
        case mask(content: OpaquePointer)
    }

    /// Paints `list` on `cairo` (a `cairo_t *`) with the canvas's points scaled by `scale`;
    /// the context's state is restored afterwards. An unmatched pop is ignored and pushes
    /// left open at the end are closed, so a malformed list still draws.
    public func paint(_ list: DisplayList, on cairo: OpaquePointer, scale: Double) {
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_scale(cairo, scale, scale)
        var layers: [Layer] = []
        for command in list.commands {
            if case .image(let source, let frame, let clip) = command {
                drawImage(source, frame: frame, clip: clip, scheme: list.colorScheme, scale: scale, tint: nil, on: cairo)
                continue
            }
            if case .tintedImage(let source, let frame, let clip, let tint) = command {
                drawImage(source, frame: frame, clip: clip, scheme: list.colorScheme, scale: scale, tint: tint, on: cairo)
                continue
            }
            if case .tintedText(let string, let style, let frame, let paint, let tint) = command {
                drawTintedText(string, style: style, frame: frame, paint: paint, tint: tint, scale: scale, on: cairo)
                continue
            }
            draw(command, on: cairo, layers: &layers)
        }
        while let layer = layers.popLast() { close(layer, on: cairo) }
    }

    /// Text drawn offscreen, with room around its frame for glyphs that reach past it
    /// (descenders, an emoji's bleed), then treated as an image is.
    private func drawTintedText(_ string: String, style: TextStyle, frame: Rect, paint: Paint, tint: ImageTint,
                                scale: Double, on cairo: OpaquePointer) {
        let margin = style.size / 2
        // Whole device pixels, so the offscreen's scale is exactly the canvas's: at another
        // scale Pango's metrics differ, and a text that fits could be cut.
        func pixels(_ length: Double) -> Double { (length * scale).rounded(.up) / scale }
        let room = Rect(x: frame.minX - margin, y: frame.minY - margin,
                        width: pixels(frame.width + 2 * margin), height: pixels(frame.height + 2 * margin))
        TintedImage.draw(tint, frame: room, scale: scale, on: cairo) { context in
            PaintSource.set(paint, on: context)
            text.draw(string, style: style, frame: frame, on: context)
        }
    }

    private func draw(_ command: DisplayCommand, on cairo: OpaquePointer, layers: inout [Layer]) {
        switch command {
        case .fill(let shape, let rect, let paint):
            ShapePath.add(shape, rect, on: cairo)
            PaintSource.set(paint, on: cairo)
            cairo_set_fill_rule(cairo, CairoPathData.fillRule(for: shape))
            cairo_fill(cairo)
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
        case .stroke(let shape, let rect, let paint, let lineWidth, let line):
            ShapePath.add(shape, rect, on: cairo)
            PaintSource.set(paint, on: cairo)
            cairo_set_line_width(cairo, lineWidth)
            // Set for this stroke and put back after, so every other stroke keeps Cairo's defaults.
            cairo_save(cairo)
            Self.setLine(line, on: cairo)
            cairo_stroke(cairo)
            cairo_restore(cairo)
        case .text(let string, let style, let frame, let paint):
            PaintSource.set(paint, on: cairo)
            text.draw(string, style: style, frame: frame, on: cairo)
        case .image(let source, let frame, let clip):
            drawImage(source, frame: frame, clip: clip, scheme: .light, scale: 1, tint: nil, on: cairo)
        case .tintedImage(let source, let frame, let clip, let tint):
            drawImage(source, frame: frame, clip: clip, scheme: .light, scale: 1, tint: tint, on: cairo)
        case .tintedText(let string, let style, let frame, let paint, let tint):
            drawTintedText(string, style: style, frame: frame, paint: paint, tint: tint, scale: 1, on: cairo)
        case .symbol(let request, let frame, let paint):
            SystemSymbol.draw(request, in: frame, paint: paint, on: cairo)
        case .missingImage(let frame):
            MissingImage.draw(in: frame, on: cairo)
        case .arc(let center, let radius, let startAngle, let endAngle, let lineWidth, let paint):
            cairo_new_path(cairo)
            cairo_arc(cairo, center.x, center.y, radius, startAngle, endAngle)
            PaintSource.set(paint, on: cairo)
            cairo_set_line_width(cairo, lineWidth)
            cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
            cairo_stroke(cairo)
            cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
        case .pushClip(let shape, let rect):
            cairo_save(cairo)
            cairo_new_path(cairo)
            ShapePath.add(shape, rect, on: cairo)
            cairo_set_fill_rule(cairo, CairoPathData.fillRule(for: shape))
            cairo_clip(cairo)
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
            layers.append(.clip)
        case .popClip:
            if case .clip = layers.last { close(layers.removeLast(), on: cairo) }
        case .pushRotation(let radians, let center):
            cairo_save(cairo)
            cairo_translate(cairo, center.x, center.y)
            cairo_rotate(cairo, radians)
            cairo_translate(cairo, -center.x, -center.y)
            layers.append(.rotation)
        case .popRotation:
            if case .rotation = layers.last { close(layers.removeLast(), on: cairo) }
        case .pushTransform(let scaleX, let scaleY, let center, let dx, let dy):
            cairo_save(cairo)
            cairo_translate(cairo, center.x + dx, center.y + dy)
            // A zero scale would make Cairo's matrix singular: draw it vanishingly small instead.
            cairo_scale(cairo, scaleX == 0 ? 1e-6 : scaleX, scaleY == 0 ? 1e-6 : scaleY)
            cairo_translate(cairo, -center.x, -center.y)
            layers.append(.transform)
        case .popTransform:
            if case .transform = layers.last { close(layers.removeLast(), on: cairo) }
        case .pushAffine(let affine):
            cairo_save(cairo)
            Self.transform(by: affine, on: cairo)
            layers.append(.transform)
        case .popAffine:
            if case .transform = layers.last { close(layers.removeLast(), on: cairo) }
        case .pushShadow(let color, let radius, let dx, let dy):
            cairo_push_group(cairo)
            layers.append(.shadow(color: color, radius: radius, dx: dx, dy: dy))
        case .popShadow:
            if case .shadow = layers.last { close(layers.removeLast(), on: cairo) }
        case .pushBlur(let radius):
            cairo_push_group(cairo)
            layers.append(.blur(radius: radius))
        case .popBlur:
            if case .blur = layers.last { close(layers.removeLast(), on: cairo) }
        case .pushOpacity(let opacity):
            cairo_push_group(cairo)
            layers.append(.opacity(opacity))
        case .popOpacity:
            if case .opacity = layers.last { close(layers.removeLast(), on: cairo) }
        case .pushAccentGroup:
            cairo_push_group(cairo)
            layers.append(.accentGroup)
        case .popAccentGroup:
            if case .accentGroup = layers.last { close(layers.removeLast(), on: cairo) }
        case .beginMaskedContent:
            cairo_push_group(cairo)
            layers.append(.maskedContent)
        case .beginMask:
            guard case .maskedContent = layers.last else { return }
            layers.removeLast()
            let content = cairo_pop_group(cairo)!
            cairo_push_group(cairo)
            layers.append(.mask(content: content))
        case .endMask:
            switch layers.last {
            case .mask, .maskedContent: close(layers.removeLast(), on: cairo)
            default: break
            }
        }
    }

    /// `affine` applied before the current matrix. One Cairo cannot invert (a scale by zero)
    /// would put the context in an error state: it becomes a vanishingly small scale instead.
    private static func transform(by affine: AffineSpec, on cairo: OpaquePointer) {
        let determinant = affine.a * affine.d - affine.b * affine.c
        var matrix = cairo_matrix_t(xx: affine.a, yx: affine.b, xy: affine.c, yy: affine.d, x0: affine.tx, y0: affine.ty)
        if determinant == 0 || !determinant.isFinite || !affine.tx.isFinite || !affine.ty.isFinite {
            matrix = cairo_matrix_t(xx: 1e-6, yx: 0, xy: 0, yy: 1e-6, x0: 0, y0: 0)
        }
        cairo_transform(cairo, &matrix)
    }

    /// Cairo's caps, joins and dashes for a `StrokeStyle`.
    private static func setLine(_ line: StrokeLine, on cairo: OpaquePointer) {
        switch line.cap {
        case .butt: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_SQUARE)
        }
        switch line.join {
        case .miter: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_BEVEL)
        }
        cairo_set_miter_limit(cairo, line.miterLimit)
        // Cairo refuses (and puts the context in an error state for) dashes that are all zero.
        if line.dash.contains(where: { $0 > 0 }), line.dash.allSatisfy({ $0 >= 0 && $0.isFinite }) {
            line.dash.withUnsafeBufferPointer { cairo_set_dash(cairo, $0.baseAddress, Int32($0.count), line.dashPhase) }
        }
    }

    private func close(_ layer: Layer, on cairo: OpaquePointer) {
        switch layer {
        case .clip, .rotation, .transform:
            cairo_restore(cairo)
        case .shadow(let color, let radius, let dx, let dy):
            // The view's own shape, blurred and filled with the colour, behind the view.
            let content = cairo_pop_group(cairo)!
            let blurred = GroupBlur.blurred(content, radius: radius, on: cairo)
            cairo_save(cairo)
            cairo_translate(cairo, dx, dy)
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
            cairo_mask(cairo, blurred ?? content)
            cairo_restore(cairo)
            cairo_set_source(cairo, content)
            cairo_paint(cairo)
            if let blurred { cairo_pattern_destroy(blurred) }
            cairo_pattern_destroy(content)
        case .blur(let radius):
            let content = cairo_pop_group(cairo)!
            let blurred = GroupBlur.blurred(content, radius: radius, on: cairo)
            cairo_set_source(cairo, blurred ?? content)
            cairo_paint(cairo)
            if let blurred { cairo_pattern_destroy(blurred) }
            cairo_pattern_destroy(content)
        case .opacity(let opacity):
            cairo_pop_group_to_source(cairo)
            cairo_paint_with_alpha(cairo, min(max(opacity, 0), 1))
        case .maskedContent, .accentGroup:
            // Content with no mask, or the accent group: drawn as it is.
            cairo_pop_group_to_source(cairo)
            cairo_paint(cairo)
        case .mask(let content):
            let mask = cairo_pop_group(cairo)
            cairo_set_source(cairo, content)
            cairo_mask(cairo, mask)
            cairo_pattern_destroy(mask)
            cairo_pattern_destroy(content)
        }
    }

    private func drawImage(_ source: ImageSource, frame: Rect, clip: Rect?, scheme: ColorSchemeName, scale: Double,
                           tint: ImageTint?, on cairo: OpaquePointer) {
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        if let clip {
            cairo_new_path(cairo)
            cairo_rectangle(cairo, clip.minX, clip.minY, clip.width, clip.height)
            cairo_clip(cairo)
        }
        let draw = { (cairo: OpaquePointer) in
            if case .system(let name) = source {
                // The layout normally emits `.symbol` with the foreground paint; this is the fallback.
                SystemSymbol.draw(SymbolRequest(name), in: frame, paint: .color(RGBA(red: 0, green: 0, blue: 0)), on: cairo)
                return
            }
            switch assets.image(for: source, scheme: scheme, scale: scale) {
            case .success(let image):
                if !image.draw(on: cairo, in: frame) { MissingImage.draw(in: frame, on: cairo) }
            case .failure(let error):
                // A catalog-backed bundle draws a missing name as iOS does: nothing.
                if !assets.drawsNothing(for: error) { MissingImage.draw(in: frame, on: cairo) }
            }
        }
        guard let tint else { return draw(cairo) }
        TintedImage.draw(tint, frame: frame, scale: scale, on: cairo, draw)
    }
}
