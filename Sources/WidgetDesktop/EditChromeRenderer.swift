import CPangoCairo
import WidgetHome
import WidgetPayload

/// Draws edit mode's controls over the home screen, with the Cairo and Pango the widgets are
/// drawn with (no second toolkit), light or dark: the remove badges, `+` and Done
/// (`HomeEditChrome`), the context menu (`HomeContextMenu`) and the keyboard's focus ring. Both
/// desktop backends draw with it, at the rectangles the editor hit-tests, so what is drawn is
/// what a press lands on. Everything takes a Cairo context in device pixels and the scale.
public struct EditChromeRenderer {
    public let appearance: ColorSchemeName

    public init(appearance: ColorSchemeName) {
        self.appearance = appearance
    }

    private var isDark: Bool { appearance == .dark }

    /// The badges and buttons of edit mode (drawn after the tiles, before the dragged one).
    public func drawChrome(_ chrome: HomeEditChrome, on cairo: OpaquePointer, scale: Double) {
        withPoints(cairo, scale) {
            for badge in chrome.badges { drawBadge(badge.frame, on: cairo) }
            drawAdd(chrome.add, on: cairo)
            drawDone(chrome.done, on: cairo)
        }
    }

    /// The menu, then the focus ring: over everything else.
    public func drawOverlay(menu: HomeContextMenu?, focus: Rect?, on cairo: OpaquePointer, scale: Double) {
        withPoints(cairo, scale) {
            if let menu { drawMenu(menu, on: cairo) }
            if let focus { drawFocusRing(focus, on: cairo) }
        }
    }

    /// A soft shadow under the dragged tile, as iOS lifts it.
    public func drawLift(_ frame: Rect, on cairo: OpaquePointer, scale: Double) {
        withPoints(cairo, scale) {
            for step in 1...4 {
                let spread = Double(step) * 2
                roundedRect(cairo, frame.insetBy(-spread).offsetBy(dy: 4), radius: 22 + spread)
                cairo_set_source_rgba(cairo, 0, 0, 0, 0.06)
                cairo_fill(cairo)
            }
        }
    }

    // MARK: The parts

    /// iOS's remove badge: a grey circle with a white minus.
    func drawBadge(_ frame: Rect, on cairo: OpaquePointer) {
        let grey = isDark ? 0.39 : 0.56
        cairo_arc(cairo, frame.midX, frame.midY, frame.width / 2, 0, 2 * Double.pi)
        cairo_set_source_rgb(cairo, grey, grey, grey)
        cairo_fill(cairo)
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_rectangle(cairo, frame.midX - frame.width * 0.27, frame.midY - 1.25, frame.width * 0.54, 2.5)
        cairo_fill(cairo)
    }

    private func drawAdd(_ frame: Rect, on cairo: OpaquePointer) {
        cairo_arc(cairo, frame.midX, frame.midY, frame.width / 2, 0, 2 * Double.pi)
        setButtonFill(cairo)
        cairo_fill(cairo)
        setLabelInk(cairo)
        let arm = frame.width * 0.25, thickness = 2.5
        cairo_rectangle(cairo, frame.midX - arm, frame.midY - thickness / 2, 2 * arm, thickness)
        cairo_rectangle(cairo, frame.midX - thickness / 2, frame.midY - arm, thickness, 2 * arm)
        cairo_fill(cairo)
    }

    private func drawDone(_ frame: Rect, on cairo: OpaquePointer) {
        roundedRect(cairo, frame, radius: frame.height / 2)
        setButtonFill(cairo)
        cairo_fill(cairo)
        setLabelInk(cairo)
        drawText("Done", centredIn: frame, bold: true, on: cairo)
    }

    private func drawMenu(_ menu: HomeContextMenu, on cairo: OpaquePointer) {
        roundedRect(cairo, menu.frame.insetBy(-1).offsetBy(dy: 3), radius: 14)
        cairo_set_source_rgba(cairo, 0, 0, 0, 0.18)
        cairo_fill(cairo)
        cairo_save(cairo)
        roundedRect(cairo, menu.frame, radius: 13)
        let paper = isDark ? 0.17 : 0.97
        cairo_set_source_rgb(cairo, paper, paper, paper)
        cairo_fill_preserve(cairo)
        cairo_clip(cairo)
        for (index, item) in menu.items.enumerated() {
            let row = menu.rowFrame(at: index)
            if index == menu.highlighted {
                let shade = isDark ? 0.32 : 0.86
                cairo_set_source_rgb(cairo, shade, shade, shade)
                cairo_rectangle(cairo, row.minX, row.minY, row.width, row.height)
                cairo_fill(cairo)
            }
            if index > 0 {
                let line = isDark ? 0.3 : 0.8
                cairo_set_source_rgb(cairo, line, line, line)
                cairo_rectangle(cairo, row.minX, row.minY, row.width, 0.5)
                cairo_fill(cairo)
            }
            if item.isDestructive {
                cairo_set_source_rgb(cairo, 1, 0.23, 0.19)
            } else {
                setLabelInk(cairo)
            }
            drawText(item.title, leftIn: Rect(x: row.minX + 16, y: row.minY, width: row.width - 32, height: row.height), on: cairo)
        }
        cairo_restore(cairo)
    }

    private func drawFocusRing(_ frame: Rect, on cairo: OpaquePointer) {
        roundedRect(cairo, frame.insetBy(-4), radius: min(frame.height / 2 + 4, 26))
        cairo_set_source_rgb(cairo, 0.04, 0.52, 1)
        cairo_set_line_width(cairo, 3)
        cairo_stroke(cairo)
    }

    // MARK: Helpers

    private func setButtonFill(_ cairo: OpaquePointer) {
        if isDark { cairo_set_source_rgba(cairo, 0.23, 0.23, 0.24, 0.92) } else { cairo_set_source_rgba(cairo, 1, 1, 1, 0.88) }
    }

    private func setLabelInk(_ cairo: OpaquePointer) {
        let ink = isDark ? 1.0 : 0.0
        cairo_set_source_rgb(cairo, ink, ink, ink)
    }

    private func withPoints(_ cairo: OpaquePointer, _ scale: Double, _ body: () -> Void) {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        cairo_scale(cairo, scale, scale)
        body()
        cairo_restore(cairo)
    }

    private func roundedRect(_ cairo: OpaquePointer, _ rect: Rect, radius: Double) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, rect.maxX - r, rect.minY + r, r, -Double.pi / 2, 0)
        cairo_arc(cairo, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
        cairo_arc(cairo, rect.minX + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cairo, rect.minX + r, rect.minY + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }

    private func drawText(_ text: String, centredIn frame: Rect, bold: Bool = false, on cairo: OpaquePointer) {
        layout(text, bold: bold, on: cairo) { layout, width, height in
            cairo_move_to(cairo, frame.midX - width / 2, frame.midY - height / 2)
            pango_cairo_show_layout(cairo, layout)
        }
    }

    private func drawText(_ text: String, leftIn frame: Rect, on cairo: OpaquePointer) {
        layout(text, bold: false, on: cairo) { layout, _, height in
            cairo_move_to(cairo, frame.minX, frame.midY - height / 2)
            pango_cairo_show_layout(cairo, layout)
        }
    }

    /// A Pango layout of `text` in the system font at 15 points, with its size in points.
    private func layout(_ text: String, bold: Bool, on cairo: OpaquePointer, _ body: (OpaquePointer, Double, Double) -> Void) {
        guard let layout = pango_cairo_create_layout(cairo) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string(bold ? "Inter, DejaVu Sans Semi-Bold 15px" : "Inter, DejaVu Sans 15px")
        defer { pango_font_description_free(font) }
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, text, -1)
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        body(layout, Double(width), Double(height))
    }
}

extension Rect {
    var midX: Double { minX + width / 2 }
    var midY: Double { minY + height / 2 }

    /// Grown by `amount` on every side (negative: shrunk).
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: minX + amount, y: minY + amount, width: max(width - 2 * amount, 0), height: max(height - 2 * amount, 0))
    }

    func offsetBy(dy: Double) -> Rect { Rect(x: minX, y: minY + dy, width: width, height: height) }
}
