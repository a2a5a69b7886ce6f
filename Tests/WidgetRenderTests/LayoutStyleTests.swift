import Testing
import WidgetPayload
@testable import WidgetRender

@Suite("Layout: colours and fonts")
struct LayoutStyleTests {
    @Test("System colours follow the appearance; opacity multiplies")
    func systemColors() {
        let light = PaintResolver(colorScheme: .light)
        let dark = PaintResolver(colorScheme: .dark)
        #expect(light.rgba(.named(.red, opacity: 1)) == RGBA(red: 1, green: 59.0 / 255, blue: 48.0 / 255))
        #expect(dark.rgba(.named(.red, opacity: 1)) == RGBA(red: 1, green: 69.0 / 255, blue: 58.0 / 255))
        #expect(light.rgba(.named(.primary, opacity: 0.5)) == RGBA(red: 0, green: 0, blue: 0, alpha: 0.5))
        #expect(dark.rgba(.named(.primary, opacity: 1)) == RGBA(red: 1, green: 1, blue: 1))
        #expect(light.rgba(.named(.accentColor, opacity: 1)) == light.rgba(.named(.blue, opacity: 1)))
        #expect(light.rgba(.named(.secondary, opacity: 1)).alpha == 0.6)
        #expect(light.rgba(.rgba(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)) == RGBA(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))
    }

    @Test("Text styles resolve to iOS's default sizes and weights; the system font is Inter, serif and mono DejaVu")
    func fonts() {
        let sizes = TextStyleName.allCases.map { FontResolver.style(.textStyle($0, weight: nil, design: nil), weight: nil).size }
        #expect(sizes == [34, 28, 22, 20, 17, 15, 17, 16, 13, 12, 11])
        #expect(FontResolver.style(.textStyle(.headline, weight: nil, design: nil), weight: nil).weight == .semibold)
        #expect(FontResolver.style(.textStyle(.body, weight: nil, design: .rounded), weight: nil).family == "Inter")
        // SF's optical sizes: Text below 20 points, Display from 20 (title3 and up).
        #expect(FontResolver.style(.textStyle(.title3, weight: nil, design: nil), weight: nil).family == "Inter Display")
        #expect(FontResolver.style(.system(size: 19.5, weight: nil, design: nil), weight: nil).family == "Inter")
        #expect(FontResolver.style(.system(size: 9, weight: .heavy, design: .serif), weight: nil)
            == TextStyle(family: "DejaVu Serif", size: 9, weight: .heavy, design: .serif))
        #expect(FontResolver.style(.custom(name: "Fancy", size: 14), weight: .bold) == TextStyle(family: "Fancy", size: 14, weight: .bold))
    }
}
