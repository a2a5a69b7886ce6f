import WidgetPayload

/// What the host draws behind a widget's content, by rendering mode: in full colour, a system
/// family's system background (the container background goes over it); in the accented mode,
/// the tinted Home Screen's dark plate in place of every background; in the vibrant mode
/// nothing, since the wallpaper shows through (the Lock Screen).
enum Backdrop {
    static func paint(family: WidgetFamily, mode: RenderingModeName, scheme: ColorSchemeName, tint: RGBA) -> RGBA? {
        guard family.isSystem else { return nil }
        switch mode {
        case .fullColor: return SystemColors.background(scheme)
        // The tint, darkened, so that white content and the tinted accent group both read on it.
        case .accented: return RGBA(red: 0.06 + tint.red * 0.16, green: 0.06 + tint.green * 0.16, blue: 0.06 + tint.blue * 0.16)
        case .vibrant: return nil
        }
    }
}
