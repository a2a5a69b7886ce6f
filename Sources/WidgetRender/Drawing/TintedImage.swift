import CPangoCairo
import WidgetPayload

/// Draws an image through a rendering mode's `ImageTint`: the image is drawn first on its own,
/// then its pixels become the treated colour.
enum TintedImage {
    /// The most pixels along a side of the offscreen image: enough for a widget at 3×.
    static let maxSide = 4096

    /// `drawImage` paints the image in canvas points on the context it is given.
    static func draw(_ tint: ImageTint, frame: Rect, scale: Double, on cairo: OpaquePointer, _ drawImage: (OpaquePointer) -> Void) {
        switch tint {
        case .template(let color):
            // The image's alpha, filled with one colour.
            cairo_push_group(cairo)
            drawImage(cairo)
            let image = cairo_pop_group(cairo)
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
            cairo_mask(cairo, image)
            cairo_pattern_destroy(image)
        case .luminanceToWhite:
            // Cairo has no luminance mask: the image is drawn offscreen at the canvas's scale and
            // its pixels rewritten.
            let width = min(maxSide, max(1, Int((frame.width * scale).rounded(.up))))
            let height = min(maxSide, max(1, Int((frame.height * scale).rounded(.up))))
            guard frame.width > 0, frame.height > 0, let offscreen = try? ImageSurface(width: width, height: height) else { return }
            let context = cairo_create(offscreen.surface)!
            cairo_scale(context, Double(width) / frame.width, Double(height) / frame.height)
            cairo_translate(context, -frame.minX, -frame.minY)
            drawImage(context)
            cairo_destroy(context)
            whiten(offscreen)
            cairo_save(cairo)
            cairo_translate(cairo, frame.minX, frame.minY)
            cairo_scale(cairo, frame.width / Double(width), frame.height / Double(height))
            cairo_set_source_surface(cairo, offscreen.surface, 0, 0)
            cairo_paint(cairo)
            cairo_restore(cairo)
        }
    }

    /// Each premultiplied pixel becomes white of alpha luminance × alpha, which is the luma of
    /// the premultiplied components (`ColorTreatment.luminance`'s weights).
    private static func whiten(_ image: ImageSurface) {
        cairo_surface_flush(image.surface)
        let stride = Int(cairo_image_surface_get_stride(image.surface))
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(image.surface)!)
        for y in 0..<image.height {
            let row = data + y * stride
            for x in 0..<image.width {
                let word = row.load(fromByteOffset: x * 4, as: UInt32.self)
                let red = Double((word >> 16) & 0xFF), green = Double((word >> 8) & 0xFF), blue = Double(word & 0xFF)
                let alpha = min(word >> 24, UInt32((0.2126 * red + 0.7152 * green + 0.0722 * blue).rounded()))
                row.storeBytes(of: alpha << 24 | alpha << 16 | alpha << 8 | alpha, toByteOffset: x * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(image.surface)
    }
}
