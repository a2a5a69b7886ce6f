import CPangoCairo
import WidgetPayload

/// Builds the PangoLayout for a run of text: the one place that turns a `TextStyle`, a width
/// and a height into Pango settings, so the measurer and the painter cannot disagree.
enum PangoTextLayout {
    /// Pango units per point.
    static let unitsPerPoint = Double(PANGO_SCALE)
    /// Widths are rounded up and given this much slack (in Pango units, 1/1024 pt) so that a
    /// frame exactly as wide as its measured text never wraps it.
    private static let widthSlack: Int32 = 4
    /// A line counts as fitting a height it overshoots by less than this (points), so that a
    /// frame rounded by the layout keeps its last line.
    private static let heightTolerance = 0.5

    /// A PangoLayout (the caller unrefs it) and whether lines were dropped by hand.
    struct Made {
        let layout: OpaquePointer
        /// Lines after a paragraph break were cut here rather than by Pango's ellipsis, which
        /// `pango_layout_is_ellipsized` does not see.
        let cutAtParagraph: Bool
    }

    /// A new layout for `text` in `style`, wrapped at `width`, cut to the style's line limit
    /// and to `height` with an ellipsis where its truncation mode puts it (start, middle, end of
    /// the last line kept; at the end where whole paragraphs are dropped).
    static func make(in context: OpaquePointer, text: String, style: TextStyle, width: Double?, height: Double?) -> Made {
        let layout = pango_layout_new(context)!
        setText(text, on: layout)
        let font = fontDescription(for: style)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        PangoTextAttributes.apply(style, to: layout)
        if style.lineSpacing > 0 { pango_layout_set_spacing(layout, units(style.lineSpacing * style.scale)) }
        pango_layout_set_alignment(layout, alignment(style.alignment))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        if let width { pango_layout_set_width(layout, units(width + trackingSlack(style))) }

        let lineCount = Int(pango_layout_get_line_count(layout))
        var allowed = lineCount
        if let limit = style.lineLimit { allowed = min(allowed, max(limit, 1)) }
        if let height { allowed = min(allowed, max(1, linesFitting(layout, height: height))) }
        guard allowed < lineCount else { return Made(layout: layout, cutAtParagraph: false) }

        // Pango only ellipsizes a layout with a width: without one, cut at its natural width.
        if width == nil {
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            pango_layout_set_width(layout, logical.width + widthSlack)
        }
        guard containsParagraphBreak(text) else {
            // One paragraph: Pango counts its lines and ellipsizes the last one kept, at its
            // start, middle or end (`truncationMode`).
            pango_layout_set_ellipsize(layout, ellipsize(style.truncationMode))
            pango_layout_set_height(layout, -Int32(allowed))
            return Made(layout: layout, cutAtParagraph: false)
        }
        // A negative height counts lines per paragraph, but SwiftUI's limit counts them all,
        // and Pango puts no ellipsis where it drops whole paragraphs. So keep the text up to the
        // last allowed line, end that line with "…", and bound the height to that many lines
        // (and half of another) so that Pango still ellipsizes the line if "…" overflows it.
        // That "…" ends the text whatever the truncation mode (docs/view-tree.md), and so does
        // Pango's, lest a line ellipsized again get a second one elsewhere.
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        let kept = textKeeping(lines: allowed, of: layout, text: text)
        setText(kept, on: layout)
        pango_layout_set_height(layout, cutHeight(layout, lines: allowed))
        return Made(layout: layout, cutAtParagraph: true)
    }

    /// `truncationMode(_:)` as Pango's ellipsis: where the last line kept loses its characters.
    static func ellipsize(_ mode: TruncationModeName) -> PangoEllipsizeMode {
        switch mode {
        case .head: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .tail: PANGO_ELLIPSIZE_END
        }
    }

    private static func setText(_ text: String, on layout: OpaquePointer) {
        text.withCString { pango_layout_set_text(layout, $0, Int32(text.utf8.count)) }
    }

    /// The text of the first `lines` lines, each line still ending where it broke, the last
    /// one followed by an ellipsis.
    private static func textKeeping(lines: Int, of layout: OpaquePointer, text: String) -> String {
        guard let line = pango_layout_get_line_readonly(layout, Int32(lines - 1)) else { return text }
        let bytes = Array(text.utf8)
        let start = min(max(Int(line.pointee.start_index), 0), bytes.count)
        let end = min(start + max(Int(line.pointee.length), 0), bytes.count)
        var prefix = String(decoding: bytes[..<start], as: UTF8.self)
        if let last = prefix.unicodeScalars.last, !isParagraphBreak(last) { prefix += "\n" }
        var lastLine = String(decoding: bytes[start..<end], as: UTF8.self)
        while let scalar = lastLine.unicodeScalars.last, scalar.properties.isWhitespace { lastLine.unicodeScalars.removeLast() }
        return prefix + lastLine + "\u{2026}"
    }

    /// What the layout takes: logical extents, baselines from its top, and whether it was cut.
    static func measurement(of made: Made) -> TextMeasurement {
        let layout = made.layout
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let top = Double(logical.y)
        let first = Double(pango_layout_get_baseline(layout))
        var last = first
        if let iter = pango_layout_get_iter(layout) {
            while pango_layout_iter_next_line(iter) != 0 {}
            last = Double(pango_layout_iter_get_baseline(iter))
            pango_layout_iter_free(iter)
        }
        return TextMeasurement(
            size: Size(width: Double(logical.width) / unitsPerPoint, height: Double(logical.height) / unitsPerPoint),
            isTruncated: made.cutAtParagraph || pango_layout_is_ellipsized(layout) != 0,
            firstBaseline: (first - top) / unitsPerPoint,
            lastBaseline: (last - top) / unitsPerPoint
        )
    }

    static func fontDescription(for style: TextStyle) -> OpaquePointer {
        let font = pango_font_description_new()!
        // A family list: the style's family, then the fallbacks for its design, so a missing
        // font (Inter not installed, a custom font not shipped) falls back to the system's
        // rather than to anything.
        let family = ([style.family] + FontResolver.fallbackFamilies(style.design)).filter { !$0.isEmpty }.joined(separator: ",")
        pango_font_description_set_family(font, family)
        pango_font_description_set_weight(font, weight(style.weight))
        if style.italic { pango_font_description_set_style(font, PANGO_STYLE_ITALIC) }
        pango_font_description_set_stretch(font, stretch(style.width))
        // Absolute size: device units are the canvas's points, whatever Pango's resolution.
        let points = max(style.size * style.scale, 0.1)
        pango_font_description_set_absolute_size(font, points * unitsPerPoint)
        return font
    }

    static func weight(_ weight: FontWeightName) -> PangoWeight {
        switch weight {
        case .ultraLight: PANGO_WEIGHT_ULTRALIGHT
        case .thin: PANGO_WEIGHT_THIN
        case .light: PANGO_WEIGHT_LIGHT
        case .regular: PANGO_WEIGHT_NORMAL
        case .medium: PANGO_WEIGHT_MEDIUM
        case .semibold: PANGO_WEIGHT_SEMIBOLD
        case .bold: PANGO_WEIGHT_BOLD
        case .heavy: PANGO_WEIGHT_ULTRABOLD
        case .black: PANGO_WEIGHT_HEAVY
        }
    }

    /// A family without the width (Inter has none) keeps its normal one: fontconfig picks the nearest.
    static func stretch(_ width: FontWidthName) -> PangoStretch {
        switch width {
        case .compressed: PANGO_STRETCH_EXTRA_CONDENSED
        case .condensed: PANGO_STRETCH_CONDENSED
        case .standard: PANGO_STRETCH_NORMAL
        case .expanded: PANGO_STRETCH_EXPANDED
        }
    }

    private static func alignment(_ alignment: TextAlignmentName) -> PangoAlignment {
        // With Pango's automatic direction, LEFT means the paragraph's leading edge.
        switch alignment {
        case .leading: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .trailing: PANGO_ALIGN_RIGHT
        }
    }

    static func units(_ points: Double) -> Int32 {
        let value = (max(points, 0) * unitsPerPoint).rounded(.up)
        return Int32(min(value, Double(Int32.max - widthSlack))) + widthSlack
    }

    /// Pango leaves letter spacing off a line's ends when it measures the line, but counts it
    /// when it decides where to break: a text offered its own measured width would wrap. So a
    /// text with tracking is given that much more room to break in.
    private static func trackingSlack(_ style: TextStyle) -> Double {
        let widest = ([style.tracking] + style.runs.map(\.style.tracking)).map(abs).max() ?? 0
        return widest * style.scale
    }

    private static func containsParagraphBreak(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isParagraphBreak)
    }

    private static func isParagraphBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2029}"
    }

    /// How many whole lines of the unlimited layout fit in `height` points.
    private static func linesFitting(_ layout: OpaquePointer, height: Double) -> Int {
        var count = 0
        forEachLine(layout) { logical in
            let bottom = Double(logical.y + logical.height) / unitsPerPoint
            guard bottom <= height + heightTolerance else { return false }
            count += 1
            return true
        }
        return count
    }

    /// The height in Pango units that holds `lines` lines and half of the next one.
    private static func cutHeight(_ layout: OpaquePointer, lines: Int) -> Int32 {
        var index = 0
        var height: Int32 = 1
        forEachLine(layout) { logical in
            index += 1
            guard index == lines else { return true }
            height = logical.y + logical.height + logical.height / 2
            return false
        }
        return height
    }

    /// Calls `body` with each line's logical rectangle (layout coordinates) until it returns false.
    private static func forEachLine(_ layout: OpaquePointer, _ body: (PangoRectangle) -> Bool) {
        guard let iter = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iter) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            if !body(logical) { return }
        } while pango_layout_iter_next_line(iter) != 0
    }
}
