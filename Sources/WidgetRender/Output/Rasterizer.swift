import CPangoCairo

/// A Cairo ARGB32 image surface the caller owns; destroyed with it.
final class ImageSurface {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    init(width: Int, height: Int) throws(RenderError) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(String(cString: cairo_status_to_string(status)), while: "creating a \(width)×\(height) image")
        }
        self.surface = surface
        self.width = width
        self.height = height
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The pixel at (x, y), un-premultiplied.
    func pixel(x: Int, y: Int) -> RGBA8 {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let word = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
        return RGBA8(premultipliedARGB: word)
    }
}

/// Draws a display list into a new image surface, transparent where nothing is drawn.
enum Rasterizer {
    /// `scale` pixels per point; the image is the canvas's size × scale, rounded up.
    static func rasterize(_ list: DisplayList, scale: Double, painter: CairoPainter) throws(RenderError) -> ImageSurface {
        guard scale > 0, scale <= RenderError.maxScale, scale.isFinite else { throw .badScale(scale) }
        let width = (list.size.width * scale).rounded(.up)
        let height = (list.size.height * scale).rounded(.up)
        guard width >= 1, height >= 1, width * height <= Double(RenderError.maxCanvasPixels) else {
            throw .badCanvas(width: list.size.width, height: list.size.height, scale: scale)
        }
        let image = try ImageSurface(width: Int(width), height: Int(height))
        let cairo = cairo_create(image.surface)!
        defer { cairo_destroy(cairo) }
        painter.paint(list, on: cairo, scale: scale)
        let status = cairo_status(cairo)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status)), while: "drawing") }
        cairo_surface_flush(image.surface)
        return image
    }
}

/// Draws `list` as a PNG of its size × `scale` pixels (1, 2 or 3 for the @1x…@3x images),
/// transparent outside what it draws.
public func pngData(_ list: DisplayList, scale: Int, assets: BundleAssets = .empty, text: PangoTextMeasurer = .shared) throws(RenderError) -> [UInt8] {
    let image = try Rasterizer.rasterize(list, scale: Double(scale), painter: CairoPainter(assets: assets, text: text))
    return try PNGEncoder.encode(image)
}
