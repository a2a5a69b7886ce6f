import CPangoCairo
import Testing
import WidgetPayload
@testable import WidgetRender

@Suite("Text draws as it was measured")
struct PangoDrawingTests {
    @Test("the painter's context lays text out as the measurer's does at every scale", arguments: [0.25, 1.0, 2.0, 3.0])
    func sameLayoutAtEveryScale(scale: Double) throws {
        let engine = PangoTextEngine()
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10))
        let cairo = try #require(cairo_create(surface))
        defer {
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
        }
        cairo_scale(cairo, scale, scale)
        pango_cairo_update_context(cairo, engine.drawingContext)
        let style = TextStyle(family: "DejaVu Sans", size: 13, weight: .semibold, lineLimit: 2)
        for text in ["Avengers: Infinity War", "The quick brown fox jumps over the lazy dog 🟢 again and again", "one\ntwo\nthree"] {
            for width in [nil, 90.0, 150] as [Double?] {
                let measured = PangoTextLayout.make(in: engine.measuringContext, text: text, style: style, width: width, height: nil)
                let drawn = PangoTextLayout.make(in: engine.drawingContext, text: text, style: style, width: width, height: nil)
                defer {
                    g_object_unref(UnsafeMutableRawPointer(measured.layout))
                    g_object_unref(UnsafeMutableRawPointer(drawn.layout))
                }
                #expect(PangoTextLayout.measurement(of: measured) == PangoTextLayout.measurement(of: drawn), "\(text) at width \(String(describing: width))")
            }
        }
    }
}
