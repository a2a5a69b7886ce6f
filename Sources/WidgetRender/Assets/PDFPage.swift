import CPangoCairo
import CPoppler
import Synchronization
import WidgetPayload

/// The first page of a PDF asset, as Xcode's "Preserve Vector Data" image sets ship one: opened
/// with poppler-glib, its size read from the page's box (points) without drawing it, and drawn
/// as vectors only when an image is drawn (`LoadedImage`, through `VectorReplay`).
///
/// Not thread-safe: `LoadedImage` uses it under its lock. Every call into poppler is also made
/// under `poppler`, one lock for the process, as poppler's shared state (its global parameters,
/// font caches) is not documented as safe for two documents on two threads at once.
final class PDFPage {
    /// The page; it holds a reference to its document, which therefore lives as long.
    private let page: OpaquePointer
    /// The page's size in points (its crop box, rotated as the page says).
    let size: Size

    private static let poppler = Mutex<Void>(())

    private init(page: OpaquePointer, size: Size) {
        self.page = page
        self.size = size
    }

    deinit {
        Self.poppler.withLock { _ in g_object_unref(UnsafeMutableRawPointer(page)) }
    }

    /// Opens the document in `bytes` (already read and size-checked) and reads its first page's
    /// size, refusing a page over `maxPixels` at one pixel a point before anything is drawn.
    static func open(_ bytes: [UInt8], maxPixels: Int) -> Result<PDFPage, AssetError.Problem> {
        poppler.withLock { _ in
            // From bytes with no file: poppler then has no base path to resolve other files against.
            let data = bytes.withUnsafeBufferPointer { g_bytes_new($0.baseAddress, gsize($0.count)) }
            defer { g_bytes_unref(data) }
            var error: UnsafeMutablePointer<GError>?
            guard let document = poppler_document_new_from_bytes(data, nil, &error) else {
                let reason = error.map { String(cString: $0.pointee.message) } ?? "not PDF"
                if let error { g_error_free(error) }
                return .failure(.unreadable(format: "pdf", reason: reason))
            }
            defer { g_object_unref(UnsafeMutableRawPointer(document)) }
            guard poppler_document_get_n_pages(document) > 0, let page = poppler_document_get_page(document, 0) else {
                return .failure(.unreadable(format: "pdf", reason: "no pages"))
            }
            var width = 0.0, height = 0.0
            poppler_page_get_size(page, &width, &height)
            guard width > 0, height > 0, width.isFinite, height.isFinite else {
                g_object_unref(UnsafeMutableRawPointer(page))
                return .failure(.unreadable(format: "pdf", reason: "its first page has no size"))
            }
            // Compared as doubles first: a hostile page box can be too large for an Int.
            if width.rounded(.up) * height.rounded(.up) > Double(maxPixels) {
                g_object_unref(UnsafeMutableRawPointer(page))
                let side = { (points: Double) in points < Double(Int32.max) ? Int(points.rounded(.up)) : Int(Int32.max) }
                return .failure(.tooManyPixels(width: side(width), height: side(height), limit: maxPixels))
            }
            return .success(PDFPage(page: page, size: Size(width: width, height: height)))
        }
    }

    /// Draws the page at the origin of `cairo`, one unit a point; false when Cairo went into an
    /// error state (poppler itself reports nothing).
    func render(on cairo: OpaquePointer) -> Bool {
        Self.poppler.withLock { _ in
            cairo_save(cairo)
            // Clipped to the page: content outside its box is not part of the image.
            cairo_rectangle(cairo, 0, 0, size.width, size.height)
            cairo_clip(cairo)
            poppler_page_render(page, cairo)
            cairo_restore(cairo)
            return cairo_status(cairo) == CAIRO_STATUS_SUCCESS
        }
    }
}
