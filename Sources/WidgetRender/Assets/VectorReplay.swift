import CPangoCairo

/// A vector asset (SVG through librsvg, a PDF page through poppler) drawn the way a target
/// needs it, kept for the next drawing:
///
/// - onto pixels (PNG, the terminal): a raster at the exact device size, made once per size,
///   so the vectors are drawn crisply at the canvas's scale rather than a bitmap stretched;
/// - onto vectors (SVG output): a Cairo recording of the library's drawing, replayed.
///
/// librsvg parses, cascades and draws the whole document on every call, which cost more than
/// everything else in a widget's drawing (BENCHMARKS.md); replaying is a copy or a few paths.
/// Not thread-safe, and one per image: `LoadedImage` holds it under its lock and releases it.
struct VectorReplay {
    /// Draws the document, of `size` in its own units, at the origin of the context it is
    /// given; false when the library failed.
    typealias Render = (_ cairo: OpaquePointer) -> Bool

    private struct PixelSize: Hashable {
        let width: Int
        let height: Int
    }

    private var rasters: [PixelSize: OpaquePointer] = [:]
    private var recording: OpaquePointer?
    /// Sizes kept per image; a contact sheet draws an image at a few sizes at most.
    private static let rasterLimit = 8

    /// Draws the document (of `size`, its own units) into the unit square scaled to `size`
    /// that `cairo`'s current transform maps onto the image's frame.
    mutating func draw(size: Size, on cairo: OpaquePointer, _ render: Render) -> Bool {
        if cairo_surface_get_type(cairo_get_target(cairo)) == CAIRO_SURFACE_TYPE_IMAGE,
           let raster = raster(size: size, for: cairo, render) {
            let width = Double(cairo_image_surface_get_width(raster))
            let height = Double(cairo_image_surface_get_height(raster))
            cairo_scale(cairo, size.width / width, size.height / height)
            cairo_set_source_surface(cairo, raster, 0, 0)
            cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
            cairo_rectangle(cairo, 0, 0, width, height)
            cairo_fill(cairo)
            return true
        }
        guard let recording = recorded(size: size, render) else { return false }
        cairo_set_source_surface(cairo, recording, 0, 0)
        cairo_rectangle(cairo, 0, 0, size.width, size.height)
        cairo_fill(cairo)
        return true
    }

    mutating func release() {
        for surface in rasters.values { cairo_surface_destroy(surface) }
        rasters.removeAll()
        if let recording { cairo_surface_destroy(recording) }
        recording = nil
    }

    /// The document rasterized at the pixel size the image's frame has on `cairo`'s target.
    private mutating func raster(size: Size, for cairo: OpaquePointer, _ render: Render) -> OpaquePointer? {
        var dx = size.width, dy = 0.0, ex = 0.0, ey = size.height
        cairo_user_to_device_distance(cairo, &dx, &dy)
        cairo_user_to_device_distance(cairo, &ex, &ey)
        let pixels = PixelSize(
            width: Int((dx * dx + dy * dy).squareRoot().rounded(.up)), height: Int((ex * ex + ey * ey).squareRoot().rounded(.up)))
        guard pixels.width > 0, pixels.height > 0, pixels.width * pixels.height <= BundleAssets.maxPixels else { return nil }
        if let known = rasters[pixels] { return known }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        let context = cairo_create(surface)!
        cairo_scale(context, Double(pixels.width) / size.width, Double(pixels.height) / size.height)
        let drawn = render(context)
        cairo_destroy(context)
        guard drawn else {
            cairo_surface_destroy(surface)
            return nil
        }
        if rasters.count >= Self.rasterLimit { release() }
        rasters[pixels] = surface
        return surface
    }

    /// The library's drawing of the document, recorded once as Cairo operations.
    private mutating func recorded(size: Size, _ render: Render) -> OpaquePointer? {
        if let recording { return recording }
        var extents = cairo_rectangle_t(x: 0, y: 0, width: size.width, height: size.height)
        let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
        let context = cairo_create(surface)!
        let drawn = render(context)
        cairo_destroy(context)
        guard drawn else {
            cairo_surface_destroy(surface)
            return nil
        }
        recording = surface
        return surface
    }
}
