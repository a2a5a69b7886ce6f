import CPangoCairo
import Synchronization
import WidgetPayload

/// Measures text with Pango exactly as `CairoPainter` draws it: same font map, same font
/// options, same layout settings (`PangoTextLayout`). Font fallback and colour emoji come
/// from fontconfig.
///
/// Safe to share between threads: Pango is not, so each measurer owns its font map and uses
/// it under a lock. Results are cached per measurer.
public final class PangoTextMeasurer: TextMeasuring, Sendable {
    /// One measurer for the process, for callers that do not need their own.
    public static let shared = PangoTextMeasurer()

    private struct Key: Hashable {
        var text: String
        var style: TextStyle
        var width: Double?
        var height: Double?
    }

    // @unchecked: the engine's Pango pointers are only used inside `state.withLock`, which
    // the painter's Cairo context joins for the length of one call; nothing escapes the lock.
    private final class State: @unchecked Sendable {
        let engine = PangoTextEngine()
        var cache: [Key: TextMeasurement] = [:]
    }

    /// Enough for every run of a contact sheet; cleared whole when full (cheap to refill).
    private static let cacheLimit = 4_096
    private let state: Mutex<State>

    public init() {
        state = Mutex(State())
    }

    public func measure(_ text: String, style: TextStyle, width: Double?, height: Double?) -> TextMeasurement {
        let key = Key(text: text, style: style, width: width, height: height)
        return state.withLock { state in
            if state.engine.refreshIfFontsChanged() { state.cache.removeAll() }
            if let known = state.cache[key] { return known }
            let made = PangoTextLayout.make(in: state.engine.measuringContext, text: text, style: style, width: width, height: height)
            defer { g_object_unref(UnsafeMutableRawPointer(made.layout)) }
            var result = PangoTextLayout.measurement(of: made)
            // An ellipsized line may use the few units of slack `PangoTextLayout` adds to a
            // width; the text still takes no more than it was offered.
            if let width { result.size.width = min(result.size.width, max(width, 0)) }
            if state.cache.count >= Self.cacheLimit { state.cache.removeAll(keepingCapacity: true) }
            state.cache[key] = result
            return result
        }
    }

    /// Draws `text` into `frame` on `cairo` (whose source the caller has set), laid out as
    /// `measure` measured it for the frame's width and height; the first line starts at the
    /// frame's top and alignment applies across the frame's width.
    func draw(_ text: String, style: TextStyle, frame: Rect, on cairo: OpaquePointer) {
        state.withLock { state in
            if state.engine.refreshIfFontsChanged() { state.cache.removeAll() }
            let context = state.engine.drawingContext
            pango_cairo_update_context(cairo, context)
            let layout = PangoTextLayout.make(in: context, text: text, style: style, width: frame.width, height: frame.height).layout
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            cairo_move_to(cairo, frame.minX, frame.minY - Double(logical.y) / PangoTextLayout.unitsPerPoint)
            pango_cairo_show_layout(cairo, layout)
            cairo_new_path(cairo)
        }
    }
}
