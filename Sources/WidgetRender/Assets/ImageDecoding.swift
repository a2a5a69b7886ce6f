import CPangoCairo
import CRsvg
import WidgetPayload

/// Decodes an asset's bytes (already read and size-checked) into a `LoadedImage`, checking
/// the pixel bound before the pixels are decoded.
enum ImageDecoding {
    /// Width and height from a PNG's IHDR chunk, without decoding it.
    static func pngDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == CairoStream.pngSignature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    static func decode(_ bytes: [UInt8], format: AssetLocator.Format, pixelsPerPoint: Double, maxPixels: Int) -> Result<LoadedImage, AssetError.Problem> {
        switch format {
        case .png: decodePNG(bytes, pixelsPerPoint: pixelsPerPoint, maxPixels: maxPixels)
        case .svg: decodeSVG(bytes, maxPixels: maxPixels)
        }
    }

    private static func decodePNG(_ bytes: [UInt8], pixelsPerPoint: Double, maxPixels: Int) -> Result<LoadedImage, AssetError.Problem> {
        guard let (width, height) = pngDimensions(bytes) else {
            return .failure(.unreadable(format: "png", reason: "no PNG signature and header"))
        }
        if width * height > maxPixels { return .failure(.tooManyPixels(width: width, height: height, limit: maxPixels)) }
        let surface = CairoStream.decode(bytes)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return .failure(.unreadable(format: "png", reason: String(cString: cairo_status_to_string(status))))
        }
        let size = Size(width: Double(cairo_image_surface_get_width(surface)), height: Double(cairo_image_surface_get_height(surface)))
        return .success(LoadedImage(content: .surface(surface!), intrinsicSize: size, pixelsPerPoint: pixelsPerPoint))
    }

    private static func decodeSVG(_ bytes: [UInt8], maxPixels: Int) -> Result<LoadedImage, AssetError.Problem> {
        // From data with no base file: librsvg then loads no external files an SVG names.
        var error: UnsafeMutablePointer<GError>?
        let handle = bytes.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let handle else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "not SVG"
            if let error { g_error_free(error) }
            return .failure(.unreadable(format: "svg", reason: reason))
        }
        guard let size = intrinsicSize(handle) else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            return .failure(.unreadable(format: "svg", reason: "no width and height or viewBox"))
        }
        let (width, height) = (Int(size.width.rounded(.up)), Int(size.height.rounded(.up)))
        if width * height > maxPixels {
            g_object_unref(UnsafeMutableRawPointer(handle))
            return .failure(.tooManyPixels(width: width, height: height, limit: maxPixels))
        }
        return .success(LoadedImage(content: .svg(handle), intrinsicSize: size, pixelsPerPoint: 1))
    }

    /// The SVG's size in CSS pixels: its width and height, or else its viewBox's.
    private static func intrinsicSize(_ handle: UnsafeMutablePointer<RsvgHandle>) -> Size? {
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0, width > 0, height > 0,
           width.isFinite, height.isFinite {
            return Size(width: width, height: height)
        }
        var hasViewBox: gboolean = 0
        var viewBox = RsvgRectangle()
        rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
        guard hasViewBox != 0, viewBox.width > 0, viewBox.height > 0, viewBox.width.isFinite, viewBox.height.isFinite else { return nil }
        return Size(width: viewBox.width, height: viewBox.height)
    }
}
