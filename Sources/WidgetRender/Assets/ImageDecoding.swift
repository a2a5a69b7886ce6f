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
        case .jpeg: decodeJPEG(bytes, pixelsPerPoint: pixelsPerPoint, maxPixels: maxPixels)
        // Vector, like SVG: its size is the page's in points whatever scale the set gives it.
        case .pdf: PDFPage.open(bytes, maxPixels: maxPixels).map { page in
            LoadedImage(content: .pdf(page), intrinsicSize: page.size, pixelsPerPoint: 1)
        }
        }
    }

    /// Width and height from a JPEG's start-of-frame segment, without decoding it.
    static func jpegDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        func be16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        var at = 2
        while at + 9 < bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            // SOF0…SOF15, not DHT (C4), JPG (C8) or DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (be16(at + 7), be16(at + 5))
            }
            let length = be16(at + 2)
            guard length >= 2 else { return nil }
            at += 2 + length
        }
        return nil
    }

    /// JPEG through gdk-pixbuf (librsvg's own dependency), copied into a Cairo surface.
    private static func decodeJPEG(_ bytes: [UInt8], pixelsPerPoint: Double, maxPixels: Int) -> Result<LoadedImage, AssetError.Problem> {
        guard let (width, height) = jpegDimensions(bytes), width > 0, height > 0 else {
            return .failure(.unreadable(format: "jpeg", reason: "no JPEG start of image and frame header"))
        }
        if width * height > maxPixels { return .failure(.tooManyPixels(width: width, height: height, limit: maxPixels)) }
        var error: UnsafeMutablePointer<GError>?
        func failure(_ fallback: String) -> Result<LoadedImage, AssetError.Problem> {
            let reason = error.map { String(cString: $0.pointee.message) } ?? fallback
            if let error { g_error_free(error) }
            return .failure(.unreadable(format: "jpeg", reason: reason))
        }
        guard let loader = gdk_pixbuf_loader_new_with_type("jpeg", &error) else { return failure("no JPEG loader") }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let written = bytes.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error) }
        guard written != 0 else {
            gdk_pixbuf_loader_close(loader, nil)
            return failure("not JPEG")
        }
        guard gdk_pixbuf_loader_close(loader, &error) != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return failure("not JPEG") }
        let (w, h) = (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard w > 0, h > 0, w * h <= maxPixels, channels >= 3, let pixels = gdk_pixbuf_get_pixels(pixbuf) else { return failure("not an RGB image") }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(w), Int32(h))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return failure("no memory for the image")
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<h {
            let source = pixels + y * rowstride
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let p = source + x * channels
                row[x] = 0xFF00_0000 | UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
            }
        }
        cairo_surface_mark_dirty(surface)
        return .success(LoadedImage(content: .surface(surface!), intrinsicSize: Size(width: Double(w), height: Double(h)), pixelsPerPoint: pixelsPerPoint))
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
