import Foundation
import Testing
import WidgetPayload
import WidgetRender

@Suite("The SDK's symbols")
struct SymbolTests {
    @Test("the documented set is drawn", arguments: SystemSymbol.allNames)
    func drawn(name: String) throws {
        let image = try PaintFixture.render([.symbol(name, frame: Rect(x: 4, y: 4, width: 32, height: 32), paint: .color(PaintFixture.red))])
        let inside = PaintFixture.opaqueCount(image, x: 4..<36, y: 4..<36)
        #expect(inside > 20, "\(name) drew almost nothing")
        #expect(inside < 32 * 32, "\(name) filled its whole frame")
        #expect(PaintFixture.opaqueCount(image, x: 0..<40, y: 0..<3) == 0)
        #expect(image.pixels.filter { $0.alpha > 128 }.allSatisfy { $0.red > 200 && $0.green < 40 })
    }

    @Test("the set has the names the SDK promises, each once")
    func names() {
        #expect(SystemSymbol.allNames.count == 26)
        #expect(Set(SystemSymbol.allNames).count == SystemSymbol.allNames.count)
        for name in ["star.fill", "sun.max.fill", "cloud.rain.fill", "water.waves", "fish", "bell.fill"] {
            #expect(SystemSymbol.isKnown(name))
        }
        #expect(!SystemSymbol.isKnown("gearshape"))
    }

    @Test("an unknown name draws a question-mark box and is recorded")
    func unknown() throws {
        let assets = BundleAssets.empty
        #expect(assets.naturalSize(of: .system("gearshape")) != nil)
        #expect(assets.problems.map(\.problem) == [.unknownSymbol])
        let image = try PaintFixture.render([.symbol("gearshape", frame: Rect(x: 0, y: 0, width: 40, height: 40), paint: .color(PaintFixture.red))])
        #expect(PaintFixture.opaqueCount(image, x: 0..<40, y: 0..<40) > 50)
    }

    @Test("a translucent symbol is one layer: overlapping parts are no darker")
    func translucent() throws {
        // The thermometer's bulb overlaps its tube's stroke.
        let paint = Paint.color(RGBA(red: 1, green: 0, blue: 0, alpha: 0.5))
        let image = try PaintFixture.render([.symbol("thermometer", frame: Rect(x: 0, y: 0, width: 40, height: 40), paint: paint)])
        let alphas = Set(image.pixels.map(\.alpha).filter { $0 > 0 })
        #expect(alphas.max().map { abs(Int($0) - 128) <= 2 } == true)
    }

    @Test("a symbol fits a square centred in a wide frame")
    func centred() throws {
        let image = try PaintFixture.render([.symbol("circle.fill", frame: Rect(x: 0, y: 10, width: 40, height: 20), paint: .color(PaintFixture.red))])
        #expect(PaintFixture.isRed(image.pixel(x: 20, y: 20)))
        #expect(PaintFixture.isTransparent(image.pixel(x: 3, y: 20)))
        #expect(PaintFixture.isTransparent(image.pixel(x: 36, y: 20)))
    }

    @Test("docs/symbols.md lists every symbol")
    func documented() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/symbols.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for name in SystemSymbol.allNames {
            #expect(text.contains("`\(name)`"), "\(name) is not in docs/symbols.md")
        }
    }
}
