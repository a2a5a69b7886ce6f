import CPangoCairo
import CRsvg
import Synchronization
import WidgetPayload

/// A decoded image, ready to draw: a Cairo image surface (PNG, JPEG), a librsvg handle (SVG)
/// or a PDF's first page, the last two drawn as vectors at whatever scale the canvas has.
///
/// @unchecked Sendable: the surface, handle or page is created once, never changed, and only used
/// inside `lock`, as is `replay`, the one mutable member (neither Cairo surfaces used as sources nor librsvg handles promise safe
/// concurrent use); it is released in `deinit`, when no other reference remains.
final class LoadedImage: @unchecked Sendable {
    enum Content {
        case surface(OpaquePointer)
        case svg(UnsafeMutablePointer<RsvgHandle>)
        /// Released by itself, when the image (its one owner) is.
        case pdf(PDFPage)
    }

    /// Points, as the layout sizes the image before `resizable`.
    let naturalSize: Size
    /// The image's own size in its own units (pixels; CSS pixels for SVG; points for PDF).
    let intrinsicSize: Size
    private let content: Content
    private let lock = Mutex<Void>(())
    /// What drawing an SVG or PDF once leaves for the next time, so librsvg parses and styles
    /// the document (poppler interprets the page) once per catalog rather than once per
    /// drawing. Only used inside `lock`.
    private var replay = VectorReplay()

    init(content: Content, intrinsicSize: Size, pixelsPerPoint: Double) {
        self.content = content
        self.intrinsicSize = intrinsicSize
        self.naturalSize = Size(width: intrinsicSize.width / pixelsPerPoint, height: intrinsicSize.height / pixelsPerPoint)
    }

    deinit {
        switch content {
        case .surface(let surface): cairo_surface_destroy(surface)
        case .svg(let handle): g_object_unref(UnsafeMutableRawPointer(handle))
        case .pdf: break
        }
        replay.release()
    }

    /// Draws the whole image stretched to `frame` (the layout applied the content mode).
    /// Returns false when librsvg or poppler failed to draw.
    @discardableResult
    func draw(on cairo: OpaquePointer, in frame: Rect) -> Bool {
        guard intrinsicSize.width > 0, intrinsicSize.height > 0, frame.width > 0, frame.height > 0 else { return true }
        return lock.withLock { _ in
            cairo_save(cairo)
            defer { cairo_restore(cairo) }
            cairo_translate(cairo, frame.minX, frame.minY)
            cairo_scale(cairo, frame.width / intrinsicSize.width, frame.height / intrinsicSize.height)
            switch content {
            case .surface(let surface):
                cairo_set_source_surface(cairo, surface, 0, 0)
                // Pad, so stretched edges do not fade into transparent neighbours.
                cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
                cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
                cairo_rectangle(cairo, 0, 0, intrinsicSize.width, intrinsicSize.height)
                cairo_fill(cairo)
                return true
            case .svg(let handle):
                let size = intrinsicSize
                return replay.draw(size: size, on: cairo) { context in Self.render(handle, size: size, on: context) }
            case .pdf(let page):
                return replay.draw(size: intrinsicSize, on: cairo, page.render(on:))
            }
        }
    }

    private static func render(_ handle: UnsafeMutablePointer<RsvgHandle>, size: Size, on cairo: OpaquePointer) -> Bool {
        var viewport = RsvgRectangle(x: 0, y: 0, width: size.width, height: size.height)
        var error: UnsafeMutablePointer<GError>?
        let drawn = rsvg_handle_render_document(handle, cairo, &viewport, &error)
        if let error { g_error_free(error) }
        return drawn != 0
    }
}
