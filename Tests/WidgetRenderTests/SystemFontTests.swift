import Testing
import WidgetPayload
@testable import WidgetRender

/// The system font: Inter, SF Pro's stand-in (docs/view-tree.md), with DejaVu Sans behind it.
@Suite("The system font")
struct SystemFontTests {
    let measurer = PangoTextMeasurer()

    @Test("A family that is not installed falls back to DejaVu Sans, not to nothing")
    func missingFamilyFallsBack() {
        let missing = measurer.measure("Hello, widget", style: TextStyle(family: "No Such Family Anywhere", size: 17), width: nil, height: nil)
        let dejaVu = measurer.measure("Hello, widget", style: TextStyle(family: "DejaVu Sans", size: 17), width: nil, height: nil)
        #expect(missing.size.width > 0)
        #expect(missing.size == dejaVu.size)
    }

    @Test("Inter's line is within 2% of SF Pro's, as the metrics in docs/view-tree.md say")
    func interLineHeight() throws {
        let file = try #require(FontconfigProbe.file(ofFamily: "Inter"))
        try #require(file.contains("Inter"), "fonts-inter is not installed: the system font falls back to DejaVu Sans")
        let style = FontResolver.style(.textStyle(.body, weight: nil, design: nil), weight: nil)
        let line = measurer.measure("Hg", style: style, width: nil, height: nil).size.height
        // SF Pro: ascender 1950 + descender 494 over 2048 units per em.
        let sfLine = 17 * (1950.0 + 494) / 2048
        #expect(abs(line - sfLine) / sfLine < 0.02, "Inter's 17-point line is \(line), SF Pro's \(sfLine)")
    }
}
