import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// SF Symbols drawn from the vendored glyphs: the names widgets use, their variants, weights and
/// rendering modes, as pixels.
@Suite("The SDK's symbols")
struct SymbolTests {
    static let frame = Rect(x: 4, y: 4, width: 32, height: 32)

    /// The ranked names public widget code uses most (scripts/count-sf-symbols.py's output).
    static let rankedNames: [String] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../scripts/sf-symbols/ranked.txt")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "\t").first.map(String.init) }
    }()

    static func draw(_ request: SymbolRequest, paint: RGBA = PaintFixture.red) throws -> RasterImage {
        try PaintFixture.render([.symbol(request, frame: frame, paint: .color(paint))])
    }

    static func ink(_ image: RasterImage) -> Int {
        PaintFixture.opaqueCount(image, x: 0..<40, y: 0..<40)
    }

    @Test("the 400 names widget code uses most are known, and each draws inside its frame in its paint")
    func rankedNamesDraw() throws {
        #expect(Self.rankedNames.count == 400)
        for name in Self.rankedNames {
            #expect(SystemSymbol.isKnown(name), "\(name) is not drawn")
            let image = try Self.draw(SymbolRequest(name))
            let inside = PaintFixture.opaqueCount(image, x: 4..<36, y: 4..<36)
            #expect(inside > 12, "\(name) drew almost nothing")
            #expect(inside < 32 * 32, "\(name) filled its whole frame")
            #expect(PaintFixture.opaqueCount(image, x: 0..<40, y: 0..<3) == 0, "\(name) drew outside its frame")
            #expect(image.pixels.filter { $0.alpha > 128 }.allSatisfy { $0.red > 200 && $0.green < 40 }, "\(name) is not in its paint")
        }
    }

    @Test("every name the map spells out has its glyph vendored, with .fill")
    func mapIsVendored() {
        #expect(SystemSymbol.allNames.count > 600)
        for name in SystemSymbol.allNames {
            #expect(SystemSymbol.isKnown(name), "\(name) names a glyph that is not vendored")
            #expect(SystemSymbol.isKnown(name + ".fill"))
        }
        #expect(!SystemSymbol.isKnown("gearshape.sparkles.nonsense"))
    }

    @Test("the names the first real widgets missed are drawn", arguments: [
        "arrow.counterclockwise", "play.fill", "pause.fill", "battery.100", "wifi", "figure.walk", "cloud.sun.fill",
        "music.note", "bell.fill", "gearshape.fill",
    ])
    func firstMisses(name: String) throws {
        #expect(SystemSymbol.isKnown(name))
        #expect(Self.ink(try Self.draw(SymbolRequest(name))) > 40)
    }

    @Test(".fill draws the solid form, with more ink than the outline")
    func fillVariant() throws {
        for name in ["heart", "bell", "star", "house", "checkmark.circle", "xmark.square"] {
            #expect(Self.ink(try Self.draw(SymbolRequest(name + ".fill"))) > Self.ink(try Self.draw(SymbolRequest(name))) + 30, "\(name)")
        }
    }

    @Test("a font's weight draws the symbol's strokes thinner or bolder")
    func weights() throws {
        let thin = Self.ink(try Self.draw(SymbolRequest("gearshape", weight: .ultraLight)))
        let regular = Self.ink(try Self.draw(SymbolRequest("gearshape", weight: .regular)))
        let bold = Self.ink(try Self.draw(SymbolRequest("gearshape", weight: .bold)))
        #expect(thin < regular)
        #expect(regular < bold)
    }

    @Test("a slash is drawn over a glyph that has none, with a gap beside it")
    func slash() throws {
        let trash = try Self.draw(SymbolRequest("trash"))
        let slashed = try Self.draw(SymbolRequest("trash.slash"))
        #expect(trash != slashed)
        // The slash runs from the top left: ink there that the plain glyph lacks.
        #expect(PaintFixture.opaqueCount(slashed, x: 8..<13, y: 7..<12) > PaintFixture.opaqueCount(trash, x: 8..<13, y: 7..<12))
    }

    @Test("palette colours a filled circle's disc in the secondary style and its mark in the primary")
    func palette() throws {
        let request = SymbolRequest("checkmark.circle.fill", renderingMode: .palette, secondary: .color(PaintFixture.blue))
        let image = try Self.draw(request, paint: PaintFixture.red)
        let blue = image.pixels.filter { $0.alpha > 200 && $0.blue > 200 && $0.red < 40 }.count
        let red = image.pixels.filter { $0.alpha > 200 && $0.red > 200 && $0.blue < 40 }.count
        #expect(blue > 200)
        #expect(red > 8)
        // Monochrome cuts the mark out of the disc: nothing but the paint, and a hole.
        let mono = try Self.draw(SymbolRequest("checkmark.circle.fill"))
        #expect(mono.pixels.allSatisfy { $0.alpha < 128 || $0.red > 200 && $0.blue < 40 })
        #expect(Self.ink(mono) < Self.ink(image))
    }

    @Test("hierarchical draws the secondary layer fainter than the primary")
    func hierarchical() throws {
        let image = try Self.draw(SymbolRequest("checkmark.circle.fill", renderingMode: .hierarchical))
        let alphas = Set(image.pixels.map(\.alpha))
        #expect(alphas.contains { $0 > 250 })
        #expect(alphas.contains { (90...140).contains($0) })
    }

    @Test("a variable value lights the wifi's arcs from the dot up, the rest faint")
    func variableValue() throws {
        func lit(_ value: Double) throws -> Int {
            try Self.draw(SymbolRequest("wifi", variableValue: value)).pixels.filter { $0.alpha > 200 }.count
        }
        let (none, half, full) = (try lit(0), try lit(0.5), try lit(1))
        #expect(none < half)
        #expect(half < full)
        let faint = try Self.draw(SymbolRequest("wifi", variableValue: 0)).pixels.filter { (40...90).contains($0.alpha) }.count
        #expect(faint > 30)
    }

    @Test("an unknown name draws a question-mark box and is recorded")
    func unknown() throws {
        let assets = BundleAssets.empty
        #expect(assets.naturalSize(of: .system("zzzz.qqqq")) != nil)
        #expect(assets.problems.map(\.problem) == [.unknownSymbol(nearest: nil)])
        let image = try PaintFixture.render([.symbol("zzzz.qqqq", frame: Rect(x: 0, y: 0, width: 40, height: 40), paint: .color(PaintFixture.red))])
        #expect(PaintFixture.opaqueCount(image, x: 0..<40, y: 0..<40) > 50)
    }

    @Test("a mistyped name is reported with the nearest name drawn", arguments: [
        ("play.fil", "play.fill"), ("gear.shape", "gearshape"), ("arrow.counter.clockwise", "arrow.counterclockwise"),
        ("Heart.Fill", "heart.fill"), ("chevron.rigth", "chevron.right"), ("wifi.slahs", "wifi.slash"),
    ])
    func nearest(typed: String, meant: String) throws {
        #expect(SystemSymbol.nearestKnown(to: typed) == meant)
        let face = WidgetFace(kind: "typo", content: .object([:]), view: ViewTree(root: ViewNode(.image(.system(typed)))), viewError: nil)
        let problems = WidgetRenderer(assets: .empty).problems(in: face).map(\.description)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("did you mean '\(meant)'?") == true, "\(problems)")
    }

    @Test("a name like none drawn suggests nothing; a name with a known start suggests a form of it")
    func nothingNear() {
        #expect(SystemSymbol.nearestKnown(to: "zzzzzzzzzzzz") == nil)
        #expect(SystemSymbol.nearestKnown(to: "zzzz.qqqq") == nil)
        #expect(SystemSymbol.nearestKnown(to: "gearshape.nonsense")?.hasPrefix("gearshape") == true)
    }

    @Test("a translucent symbol is one layer: overlapping parts are no darker")
    func translucent() throws {
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

    @Test("cut-outs, slashes and badges read back from the SVG output as the PNG draws them", arguments: [
        "checkmark.circle.fill", "bell.slash", "trash.slash", "bell.badge", "calendar.badge.plus",
    ])
    func svgReadBack(name: String) throws {
        let list = DisplayList(size: Size(width: 40, height: 40), commands: [.symbol(SymbolRequest(name), frame: Rect(x: 0, y: 0, width: 40, height: 40), paint: .color(PaintFixture.red))])
        let temp = try TemporaryFolder()
        try temp.write(try svgData(list), to: "assets/symbol.svg")
        let assets = BundleAssets(assetFolder: temp.url.appendingPathComponent("assets"))
        let readBack = try PaintFixture.render([.image(.asset("symbol"), frame: Rect(x: 0, y: 0, width: 40, height: 40), clip: nil)], assets: assets)
        let drawn = try PaintFixture.render(list.commands)
        #expect(assets.problems.isEmpty)
        let differing = zip(readBack.pixels, drawn.pixels).filter { abs(Int($0.alpha) - Int($1.alpha)) > 96 }.count
        #expect(differing < 40, "\(name): \(differing) pixels differ")
    }

    @Test("docs/symbols.md lists every name the map spells out")
    func documented() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/symbols.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for name in SystemSymbol.allNames {
            #expect(text.contains("`\(name)`"), "\(name) is not in docs/symbols.md")
        }
    }
}
