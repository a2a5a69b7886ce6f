#if canImport(Glibc)
import Glibc
#endif
import CXCB
import WidgetDesktop

/// The home screen's pixels, kept on the server: a pixmap as large as the window, drawn with
/// Cairo's XCB surface, then copied into the window. Drawing off-screen first means a redrawn
/// widget never shows its cleared background for a moment, and an Expose (a window moved away,
/// a screen unlocked) is answered by a copy on the server, without drawing anything again.
final class X11Canvas {
    let width: Int
    let height: Int
    private let connection: OpaquePointer
    private let window: xcb_window_t
    private let pixmap: xcb_pixmap_t
    private let graphicsContext: xcb_gcontext_t
    private let surface: OpaquePointer
    let cairo: OpaquePointer

    init(connection: OpaquePointer, window: xcb_window_t, screen: xcb_screen_t, visual: UnsafeMutablePointer<xcb_visualtype_t>, width: Int, height: Int)
        throws(HomeScreenError)
    {
        self.connection = connection
        self.window = window
        self.width = width
        self.height = height
        pixmap = xcb_generate_id(connection)
        xcb_create_pixmap(connection, screen.root_depth, pixmap, window, UInt16(width), UInt16(height))
        graphicsContext = xcb_generate_id(connection)
        // No GraphicsExpose/NoExpose events for our copies: the pixmap is always whole.
        xcb_create_gc(connection, graphicsContext, window, XCB_GC_GRAPHICS_EXPOSURES.rawValue, [UInt32(0)])
        surface = cairo_xcb_surface_create(connection, pixmap, visual, Int32(width), Int32(height))
        cairo = cairo_create(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, cairo_status(cairo) == CAIRO_STATUS_SUCCESS else {
            let status = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
            xcb_free_gc(connection, graphicsContext)
            xcb_free_pixmap(connection, pixmap)
            throw .buffer("Cairo's XCB surface of \(width)×\(height) pixels: \(status)")
        }
    }

    /// What is drawn from now on lands only inside `rect` (pixels); nil: anywhere.
    func clip(to rect: PixelRect?) {
        cairo_reset_clip(cairo)
        guard let rect else { return }
        cairo_rectangle(cairo, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_clip(cairo)
    }

    /// Fills `rect` (pixels) with the background colour, replacing what was there.
    func clear(_ rect: PixelRect, to colour: X11Background) {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgb(cairo, colour.red, colour.green, colour.blue)
        cairo_rectangle(cairo, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// Draws an ARGB32 image's pixels over what is there, its top-left corner at (x, y) pixels.
    func composite(_ pixels: TilePixels, x: Int, y: Int) {
        cairo_save(cairo)
        cairo_set_source_surface(cairo, pixels.surface, Double(x), Double(y))
        cairo_rectangle(cairo, Double(x), Double(y), Double(pixels.width), Double(pixels.height))
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// Copies `rect` (pixels) of the drawing into the window. The copy follows Cairo's own
    /// requests on the one connection, so it shows what was drawn.
    func present(_ rect: PixelRect) {
        cairo_surface_flush(surface)
        let clipped = rect.clipped(width: width, height: height)
        guard clipped.width > 0, clipped.height > 0 else { return }
        xcb_copy_area(
            connection, pixmap, window, graphicsContext, Int16(clipped.x), Int16(clipped.y), Int16(clipped.x), Int16(clipped.y),
            UInt16(clipped.width), UInt16(clipped.height))
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        xcb_free_gc(connection, graphicsContext)
        xcb_free_pixmap(connection, pixmap)
    }
}

/// An ARGB32 image in memory that `TileRenderer` draws one widget into.
final class TilePixels {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.width = width
        self.height = height
    }

    /// Lets `body` write the pixels, then tells Cairo they changed behind its back.
    func draw<Result>(_ body: (_ data: UnsafeMutableRawPointer, _ stride: Int) -> Result) -> Result {
        cairo_surface_flush(surface)
        let result = body(UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!), Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        return result
    }

    deinit { cairo_surface_destroy(surface) }
}

/// A rectangle of whole pixels.
struct PixelRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    func clipped(width limitWidth: Int, height limitHeight: Int) -> PixelRect {
        let left = max(x, 0), top = max(y, 0)
        let right = min(x + width, limitWidth), bottom = min(y + height, limitHeight)
        return PixelRect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }

    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(x + width, other.x + other.width) - left, height: max(y + height, other.y + other.height) - top)
    }
}
