import CPangoCairo
import WidgetPayload

/// The Pango attributes of a text's styles beyond its font (tree version 4): tabular figures,
/// letter spacing, rise, underline and strikethrough, over the whole text; and for a
/// concatenated text, each run's font, colour and styles over its own bytes.
enum PangoTextAttributes {
    /// Sets the attributes of `style` on `layout`, before it is measured or cut.
    static func apply(_ style: TextStyle, to layout: OpaquePointer) {
        guard let list = pango_attr_list_new() else { return }
        defer { pango_attr_list_unref(list) }
        if style.runs.isEmpty {
            addStyles(style, scale: style.scale, from: 0, to: Int(UInt32.max), to: list)
        } else {
            var start = 0
            for run in style.runs {
                let end = start + run.length
                var runStyle = run.style
                runStyle.scale = style.scale
                let font = PangoTextLayout.fontDescription(for: runStyle)
                insert(pango_attr_font_desc_new(font), from: start, to: end, into: list)
                pango_font_description_free(font)
                if let color = run.color {
                    let (red, green, blue) = components(color)
                    insert(pango_attr_foreground_new(red, green, blue), from: start, to: end, into: list)
                    if color.alpha < 1 {
                        // Pango reads an alpha of 0 as "unset": the faintest it draws is 1/65535.
                        insert(pango_attr_foreground_alpha_new(UInt16(max(1, (color.alpha * 65535).rounded()))), from: start, to: end, into: list)
                    }
                }
                addStyles(runStyle, scale: style.scale, from: start, to: end, to: list)
                start = end
            }
        }
        pango_layout_set_attributes(layout, list)
    }

    private static func addStyles(_ style: TextStyle, scale: Double, from start: Int, to end: Int, to list: OpaquePointer) {
        if style.monospacedDigit {
            insert(pango_attr_font_features_new("tnum"), from: start, to: end, into: list)
        }
        if style.tracking != 0 {
            insert(pango_attr_letter_spacing_new(points(style.tracking * scale)), from: start, to: end, into: list)
        }
        if style.baselineOffset != 0 {
            insert(pango_attr_rise_new(points(style.baselineOffset * scale)), from: start, to: end, into: list)
        }
        if let line = style.underline {
            insert(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), from: start, to: end, into: list)
            if let color = line.color {
                let (red, green, blue) = components(color)
                insert(pango_attr_underline_color_new(red, green, blue), from: start, to: end, into: list)
            }
        }
        if let line = style.strikethrough {
            insert(pango_attr_strikethrough_new(1), from: start, to: end, into: list)
            if let color = line.color {
                let (red, green, blue) = components(color)
                insert(pango_attr_strikethrough_color_new(red, green, blue), from: start, to: end, into: list)
            }
        }
    }

    /// Inserts `attribute` over bytes `start..<end` (`end` past the text: to its end); the list owns it.
    private static func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, from start: Int, to end: Int, into list: OpaquePointer) {
        guard let attribute else { return }
        attribute.pointee.start_index = UInt32(clamping: start)
        attribute.pointee.end_index = UInt32(clamping: end)
        pango_attr_list_insert(list, attribute)
    }

    private static func points(_ value: Double) -> Int32 {
        Int32(clamping: Int((value * PangoTextLayout.unitsPerPoint).rounded()))
    }

    private static func components(_ color: RGBA) -> (UInt16, UInt16, UInt16) {
        func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65535).rounded()) }
        return (channel(color.red), channel(color.green), channel(color.blue))
    }
}
