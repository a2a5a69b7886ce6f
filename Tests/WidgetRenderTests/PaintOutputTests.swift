import Foundation
import Testing
import WidgetPayload
import WidgetRender

@Suite("Painting a display list to PNG and SVG")
struct PaintOutputTests {
    @Test("a PNG is the canvas's size times the scale", arguments: [1, 2, 3])
    func pngSize(scale: Int) throws {
        let png = try pngData(DisplayList(size: Size(width: 364, height: 170)), scale: scale)
        let size = try #require(PaintFixture.pngHeaderSize(png))
        #expect(size.width == 364 * scale)
        #expect(size.height == 170 * scale)
    }

    @Test("a red rectangle is red where it is drawn and transparent elsewhere")
    func redRectangle() throws {
        let image = try PaintFixture.render([.fill(.rectangle, Rect(x: 10, y: 10, width: 10, height: 10), .color(PaintFixture.red))], scale: 2)
        #expect(PaintFixture.isRed(image.pixel(x: 20, y: 20)))
        #expect(PaintFixture.isRed(image.pixel(x: 39, y: 39)))
        #expect(PaintFixture.isTransparent(image.pixel(x: 41, y: 41)))
        #expect(PaintFixture.isTransparent(image.pixel(x: 5, y: 30)))
    }

    @Test("an ellipse leaves its bounding box's corners empty; a stroke leaves its centre empty")
    func shapes() throws {
        let image = try PaintFixture.render([
            .fill(.ellipse, Rect(x: 0, y: 0, width: 20, height: 20), .color(PaintFixture.red)),
            .stroke(.roundedRectangle(cornerRadius: 4), Rect(x: 22, y: 22, width: 16, height: 16), .color(PaintFixture.red), lineWidth: 2),
        ])
        #expect(PaintFixture.isRed(image.pixel(x: 10, y: 10)))
        #expect(PaintFixture.isTransparent(image.pixel(x: 1, y: 1)))
        #expect(PaintFixture.isRed(image.pixel(x: 30, y: 22)))
        #expect(PaintFixture.isTransparent(image.pixel(x: 30, y: 30)))
    }

    @Test("a clip keeps drawing inside its shape")
    func clip() throws {
        let image = try PaintFixture.render([
            .pushClip(.rectangle, Rect(x: 0, y: 0, width: 20, height: 40)),
            .fill(.rectangle, Rect(x: 0, y: 0, width: 40, height: 40), .color(PaintFixture.red)),
            .popClip,
            .fill(.rectangle, Rect(x: 30, y: 30, width: 10, height: 10), .color(PaintFixture.blue)),
        ])
        #expect(PaintFixture.isRed(image.pixel(x: 10, y: 10)))
        #expect(PaintFixture.isTransparent(image.pixel(x: 25, y: 10)))
        // After the pop, drawing is no longer clipped.
        #expect(image.pixel(x: 35, y: 35).blue > 250)
    }

    @Test("opacity draws its layer at that alpha")
    func opacity() throws {
        let image = try PaintFixture.render([
            .pushOpacity(0.5),
            .fill(.rectangle, Rect(x: 0, y: 0, width: 20, height: 20), .color(PaintFixture.red)),
            .fill(.rectangle, Rect(x: 10, y: 10, width: 20, height: 20), .color(PaintFixture.red)),
            .popOpacity,
        ])
        let alone = image.pixel(x: 5, y: 5)
        let overlap = image.pixel(x: 15, y: 15)
        // One layer: the overlap is no more opaque than a single rectangle.
        #expect(abs(Int(alone.alpha) - 128) <= 2)
        #expect(abs(Int(overlap.alpha) - 128) <= 2)
        #expect(alone.red > 250)
    }

    @Test("a linear gradient has its stops' colours at its ends")
    func gradient() throws {
        let paint = Paint.linearGradient(stops: [GradientStop(color: PaintFixture.blue, location: 1), GradientStop(color: PaintFixture.red, location: 0)],
                                         start: Point(x: 0, y: 0), end: Point(x: 100, y: 0))
        let image = try PaintFixture.render([.fill(.rectangle, Rect(x: 0, y: 0, width: 100, height: 10), paint)], size: Size(width: 100, height: 10))
        let left = image.pixel(x: 0, y: 5)
        let right = image.pixel(x: 99, y: 5)
        let middle = image.pixel(x: 50, y: 5)
        #expect(left.red > 245 && left.blue < 10)
        #expect(right.blue > 245 && right.red < 10)
        #expect(middle.red > 100 && middle.blue > 100)
    }

    @Test("a mask shows the content only where the mask is opaque")
    func mask() throws {
        let image = try PaintFixture.render([
            .beginMaskedContent,
            .fill(.rectangle, Rect(x: 0, y: 0, width: 40, height: 40), .color(PaintFixture.red)),
            .beginMask,
            .fill(.ellipse, Rect(x: 0, y: 0, width: 40, height: 40), .color(PaintFixture.blue)),
            .endMask,
        ])
        #expect(PaintFixture.isRed(image.pixel(x: 20, y: 20)))
        #expect(PaintFixture.isTransparent(image.pixel(x: 1, y: 1)))
        #expect(PaintFixture.isTransparent(image.pixel(x: 38, y: 38)))
    }

    @Test("an emoji is drawn in colour")
    func colourEmoji() throws {
        let style = TextStyle(family: "DejaVu Sans", size: 40)
        let image = try PaintFixture.render([.text("🟢", style, frame: Rect(x: 0, y: 0, width: 60, height: 60), paint: .color(RGBA(red: 0, green: 0, blue: 0)))],
                                           size: Size(width: 60, height: 60))
        let green = image.pixels.contains { pixel in
            let high = max(pixel.red, pixel.green, pixel.blue), low = min(pixel.red, pixel.green, pixel.blue)
            return pixel.alpha > 200 && pixel.red < pixel.green && pixel.green > 120 && Int(high) - Int(low) > 80
        }
        #expect(green, "no saturated green pixel: the emoji was not drawn from a colour font")
    }

    @Test("text is drawn inside its frame in the paint's colour")
    func textPixels() throws {
        let measured = PangoTextMeasurer.shared.measure("Hello", style: PaintFixture.body, width: nil, height: nil)
        let frame = Rect(origin: Point(x: 10, y: 10), size: measured.size)
        let image = try PaintFixture.render([.text("Hello", PaintFixture.body, frame: frame, paint: .color(PaintFixture.red))], size: Size(width: 100, height: 40))
        #expect(PaintFixture.opaqueCount(image, x: 10..<Int(frame.maxX.rounded(.up)), y: 10..<Int(frame.maxY.rounded(.up))) > 20)
        #expect(PaintFixture.opaqueCount(image, x: 0..<100, y: 0..<8) == 0)
        #expect(PaintFixture.opaqueCount(image, x: Int(frame.maxX.rounded(.up)) + 2..<100, y: 0..<40) == 0)
    }

    @Test("an SVG holds the text, escaped, and its size in points")
    func svgText() throws {
        let list = DisplayList(size: Size(width: 364, height: 170), commands: [
            .fill(.roundedRectangle(cornerRadius: 22), Rect(x: 0, y: 0, width: 364, height: 170), .color(PaintFixture.blue)),
            .text("Avengers: Infinity War", PaintFixture.body, frame: Rect(x: 16, y: 16, width: 300, height: 24), paint: .color(PaintFixture.red)),
            .text("Tom & <Jerry>", PaintFixture.body, frame: Rect(x: 16, y: 60, width: 300, height: 24), paint: .color(PaintFixture.red)),
        ])
        let svg = String(decoding: try svgData(list), as: UTF8.self)
        #expect(svg.contains("Avengers: Infinity War"))
        #expect(svg.contains("Tom &amp; &lt;Jerry&gt;"))
        #expect(svg.contains("width=\"364\""))
        #expect(svg.hasSuffix("</svg>\n") || svg.hasSuffix("</svg>"))
        #expect(svg.range(of: "widget-text")!.lowerBound < svg.range(of: "</svg>")!.lowerBound)
    }

    @Test("an SVG draws as the PNG does when read back (librsvg): shapes, symbols, masks")
    func svgReadBack() throws {
        let list = DisplayList(size: Size(width: 40, height: 40), commands: [
            .fill(.rectangle, Rect(x: 0, y: 0, width: 40, height: 20), .color(PaintFixture.blue)),
            .symbol("circle.fill", frame: Rect(x: 0, y: 20, width: 20, height: 20), paint: .color(PaintFixture.red)),
            .beginMaskedContent,
            .fill(.rectangle, Rect(x: 20, y: 20, width: 20, height: 20), .color(PaintFixture.red)),
            .beginMask,
            .fill(.rectangle, Rect(x: 20, y: 20, width: 10, height: 20), .color(PaintFixture.blue)),
            .endMask,
        ])
        let temp = try TemporaryFolder()
        try temp.write(try svgData(list), to: "assets/drawing.svg")
        let assets = BundleAssets(assetFolder: temp.url.appendingPathComponent("assets"))
        let image = try PaintFixture.render([.image(.asset("drawing"), frame: Rect(x: 0, y: 0, width: 40, height: 40), clip: nil)], assets: assets)
        #expect(assets.problems.isEmpty)
        #expect(image.pixel(x: 20, y: 10).blue > 250)
        #expect(PaintFixture.isRed(image.pixel(x: 10, y: 30)), "the symbol")
        #expect(PaintFixture.isTransparent(image.pixel(x: 1, y: 21)), "outside the symbol's disc")
        #expect(PaintFixture.isRed(image.pixel(x: 25, y: 30)), "inside the mask")
        #expect(PaintFixture.isTransparent(image.pixel(x: 35, y: 30)), "outside the mask")
    }

    @Test("a missing image draws a grey box; an unbalanced list still draws")
    func missingAndUnbalanced() throws {
        let image = try PaintFixture.render([
            .popClip,
            .image(.asset("nothing"), frame: Rect(x: 0, y: 0, width: 20, height: 20), clip: nil),
            .pushOpacity(1),
            .missingImage(frame: Rect(x: 20, y: 20, width: 20, height: 20)),
        ])
        let box = image.pixel(x: 5, y: 12)
        #expect(box.alpha > 250 && box.red > 200 && box.red == box.green && box.green == box.blue)
        #expect(image.pixel(x: 25, y: 32).alpha > 250)
    }

    @Test("a bad scale or an empty canvas is an error, not a crash")
    func badRequests() {
        #expect(throws: RenderError.self) { try pngData(DisplayList(size: Size(width: 10, height: 10)), scale: 0) }
        #expect(throws: RenderError.self) { try pngData(DisplayList(size: .zero), scale: 1) }
        #expect(throws: RenderError.self) { try svgData(DisplayList(size: .zero)) }
    }

    @Test("output formats are chosen by the output's name")
    func formats() {
        #expect(RenderFormat(output: "-") == .terminal)
        #expect(RenderFormat(output: "movie.PNG") == .png)
        #expect(RenderFormat(output: "out/movie.svg") == .svg)
        #expect(RenderFormat(output: "movie.jpg") == nil)
    }
}
