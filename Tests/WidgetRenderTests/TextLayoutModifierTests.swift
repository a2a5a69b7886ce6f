import Testing
import WidgetPayload
@testable import WidgetRender

/// The text layout modifiers of tree version 8: `fontDesign` gives a system font that names no
/// design of its own that design (MotiFy's quote, `.fontDesign(.serif)`), and `lineSpacing` adds
/// points between a text's lines (LifeTimer's countdown), measured by Pango.
@Suite("Text layout: fontDesign and lineSpacing")
struct TextLayoutModifierTests {
    private let measurer = PangoTextMeasurer()
    private let long = "The quick brown fox jumps over the lazy dog, again and again, until the widget runs out of room."

    @Test("fontDesign is the design of a system font that names none; a font's own design and monospaced win")
    func fontDesign() {
        var styles = TextStyleModifiers()
        let designed = styles.apply(.fontDesign(.serif))
        #expect(designed)
        #expect(styles.font(.textStyle(.body, weight: nil, design: nil)) == .textStyle(.body, weight: nil, design: .serif))
        #expect(styles.font(.system(size: 12, weight: .bold, design: nil)) == .system(size: 12, weight: .bold, design: .serif))
        #expect(styles.font(.system(size: 12, weight: nil, design: .rounded)) == .system(size: 12, weight: nil, design: .rounded))
        #expect(styles.font(.custom(name: "Inter", size: 12)) == .custom(name: "Inter", size: 12))
        let monospaced = styles.apply(.monospaced)
        #expect(monospaced)
        #expect(styles.font(.textStyle(.body, weight: nil, design: nil)) == .textStyle(.body, weight: nil, design: .monospaced))
    }

    @Test("lineSpacing adds its points between each two lines")
    func lineSpacing() {
        var styles = TextStyleModifiers()
        let spacedOut = styles.apply(.lineSpacing(6))
        #expect(spacedOut)
        var spaced = PaintFixture.body
        styles.apply(to: &spaced, paints: PaintResolver(colorScheme: .light))
        #expect(spaced.lineSpacing == 6)
        let plain = measurer.measure(long, style: PaintFixture.body, width: 120, height: nil)
        let wide = measurer.measure(long, style: spaced, width: 120, height: nil)
        let lines = Int((plain.size.height / measurer.measure("Hi", style: PaintFixture.body, width: 120, height: nil).size.height).rounded())
        #expect(lines > 2)
        #expect(abs(wide.size.height - plain.size.height - 6 * Double(lines - 1)) < 1)
        #expect(abs(wide.size.width - plain.size.width) < 0.5)
    }
}
