import CPangoCairo
import Glibc

/// A PNG read back into pixels: for tests and golden-image comparison.
public struct RasterImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// Row by row from the top, un-premultiplied.
    public let pixels: [RGBA8]

    /// Decodes PNG bytes (as `pngData` writes them).
    public init(png bytes: [UInt8]) throws(RenderError) {
        guard let surface = CairoStream.decode(bytes) else { throw .cairo("no surface", while: "reading a PNG") }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status)), while: "reading a PNG") }
        // A PNG without alpha decodes as RGB24; both keep 32-bit words.
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        var pixels: [RGBA8] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                var word = data.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                if opaque { word |= 0xFF00_0000 }
                pixels.append(RGBA8(premultipliedARGB: word))
            }
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public func pixel(x: Int, y: Int) -> RGBA8 {
        pixels[y * width + x]
    }

    /// How many pixels have a channel that differs from `other`'s by more than `tolerance`, or
    /// nil when the sizes differ: what a golden comparison allowing for anti-aliasing needs.
    public func pixelsDiffering(from other: RasterImage, byMoreThan tolerance: Int) -> Int? {
        guard width == other.width, height == other.height else { return nil }
        // Most comparisons are of equal images: one memcmp instead of a loop per pixel, which a
        // debug build (the tests') runs slowly.
        let identical = pixels.withUnsafeBytes { mine in
            other.pixels.withUnsafeBytes { theirs in
                mine.isEmpty || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0
            }
        }
        if identical { return 0 }
        return zip(pixels, other.pixels).count { a, b in
            max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
                abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha))) > tolerance
        }
    }
}
