import Testing
import WidgetPayload
@testable import WidgetRender

/// `Color.gradient` (the FILL `colorGradient`) as iOS draws `.fill(.teal.gradient)`: top to
/// bottom, from the colour lightened toward white to the colour, for whatever colour the host
/// resolves (named, catalog, sRGB) in the appearance drawn.
@Suite("Style: a colour's gradient")
struct ColorGradientTests {
    private static let teal = FillStyle.colorGradient(.named(.teal, opacity: 1))

    @Test("A named colour's gradient is a vertical gradient from a lighter shade to the colour")
    func displayList() throws {
        let list = LayoutHarness.layout(ViewNode(.fill(Self.teal)))
        let fill = try #require(list.fills.first)
        guard case .linearGradient(let stops, let start, let end) = fill.paint else {
            Issue.record("drawn flat: \(fill.paint)")
            return
        }
        #expect(start == Point(x: 100, y: 0) && end == Point(x: 100, y: 100))
        let teal = PaintResolver(colorScheme: .light).rgba(.named(.teal, opacity: 1))
        #expect(stops.last == GradientStop(color: teal, location: 1))
        let top = try #require(stops.first?.color)
        // Lighter in every channel, by a sixth of the way to white: the same hue, never white.
        for (shade, base) in [(top.red, teal.red), (top.green, teal.green), (top.blue, teal.blue)] {
            #expect(abs(shade - (base + (1 - base) * ColorGradientShades.lightening)) < 1e-9)
        }
    }

    @Test("Drawn: lighter at the top, the colour at the bottom, in the appearance's own teal")
    func pixels() throws {
        for scheme in [ColorSchemeName.light, .dark] {
            let (image, problems) = try draw(ViewNode(.fill(Self.teal)), assets: .empty, scheme: scheme)
            #expect(problems.isEmpty)
            let teal = PaintResolver(colorScheme: scheme).rgba(.named(.teal, opacity: 1))
            let (red, green, blue) = (Int(teal.red * 255), Int(teal.green * 255), Int(teal.blue * 255))
            let top = image.pixel(x: 85, y: 0), bottom = image.pixel(x: 85, y: 169)
            #expect(near(bottom, red, green, blue, tolerance: 3), "\(scheme): \(bottom)")
            let lighter = ColorGradientShades.top(red: teal.red, green: teal.green, blue: teal.blue)
            #expect(near(top, Int(lighter.red * 255), Int(lighter.green * 255), Int(lighter.blue * 255), tolerance: 3), "\(scheme): \(top)")
            #expect(Int(top.red) > red + 10 && Int(top.green) > green + 5, "\(scheme): visibly lighter at the top, \(top) over \(bottom)")
        }
    }

    @Test("A transparent colour's gradient draws nothing; its representative colour is the colour")
    func clearAndRepresentative() {
        let paints = PaintResolver(colorScheme: .light)
        #expect(paints.isInvisible(.colorGradient(.named(.clear, opacity: 1))))
        #expect(!paints.isInvisible(Self.teal))
        #expect(paints.representativeColor(Self.teal) == paints.rgba(.named(.teal, opacity: 1)))
    }
}
