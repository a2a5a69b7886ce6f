import Foundation
import Testing
import WidgetPayload
@testable import WidgetRender

// The rendering modes (vibrant on the Lock Screen, accented on the tinted Home Screen) and the
// redaction reasons, in the display list and in pixels.

@Suite struct RenderingModeTests {
    static let white = RGBA(red: 1, green: 1, blue: 1)

    @Test("An accessory family is drawn vibrant by default: light-appearance primary text is white, not black")
    func accessoryIsVibrant() throws {
        let list = LayoutHarness.layout(text("Bite"), renderingMode: nil)
        #expect(list.renderingMode == .vibrant)
        // The dark appearance's primary (white) stays white and opaque.
        #expect(list.texts.first?.paint == .color(Self.white))
        let system = LayoutHarness.layout(text("Bite"), family: .systemSmall, size: nil, renderingMode: nil)
        #expect(system.renderingMode == .fullColor)
        #expect(system.texts.first?.paint == .color(RGBA(red: 0, green: 0, blue: 0)))
    }

    @Test("Vibrant turns each colour into white as opaque as it is bright, and drops the container background")
    func vibrantColours() throws {
        let tree = vstack(text("red", .foregroundStyle(.color(.rgba(red: 1, green: 0, blue: 0, alpha: 0.5)))), text("black", .foregroundStyle(.color(.named(.black, opacity: 1)))))
            .with(.containerBackground(color(.blue)))
        let list = LayoutHarness.layout(tree, renderingMode: .vibrant)
        let paints = list.texts.map(\.paint)
        #expect(paints == [.color(RGBA(red: 1, green: 1, blue: 1, alpha: 0.5 * 0.2126)), .color(RGBA(red: 1, green: 1, blue: 1, alpha: 0))])
        #expect(list.fills.isEmpty)
    }

    @Test("Accented draws the accent group in the tint and the rest white, on the tinted plate")
    func accented() throws {
        let tree = vstack(text("MON", .foregroundStyle(.color(.named(.red, opacity: 1))), .widgetAccentable), text("6", .foregroundStyle(.color(.named(.green, opacity: 0.5)))))
            .with(.containerBackground(color(.yellow)))
        let list = LayoutHarness.layout(tree, family: .systemSmall, size: nil, renderingMode: .accented)
        var halfWhite = Self.white
        halfWhite.alpha = 0.5
        #expect(list.texts.map(\.paint) == [.color(ColorTreatment.defaultTint), .color(halfWhite)])
        // One fill: the plate behind everything; the yellow background is gone.
        #expect(list.fills.count == 1)
        #expect(list.fills.first?.paint == .color(try #require(Backdrop.paint(family: .systemSmall, mode: .accented, scheme: .dark, tint: ColorTreatment.defaultTint))))
        let push = try #require(list.commands.firstIndex(of: .pushAccentGroup))
        let pop = try #require(list.commands.firstIndex(of: .popAccentGroup))
        let mon = try #require(list.commands.firstIndex { if case .text("MON", _, _, _) = $0 { true } else { false } })
        #expect(push < mon && mon < pop)
    }

    @Test("The host draws the mode's own tree, else the dark one")
    func modeVariants() {
        let tree = ViewTree(root: text("light"), dark: text("dark"), accented: text("tinted"))
        let environment = LayoutEnvironment(family: .systemSmall, now: LayoutHarness.now, renderingMode: .accented)
        let engine = LayoutHarness.engine
        #expect(engine.layout(tree, in: environment).texts.map(\.string) == ["tinted"])
        var vibrant = environment
        vibrant.renderingMode = .vibrant
        #expect(engine.layout(tree, in: vibrant).texts.map(\.string) == ["dark"])
    }

    @Test("A vibrant image becomes white of its luminance; an accented one a template in its group's colour")
    func images() throws {
        let temp = try TemporaryFolder()
        try temp.writePNG("Bundle.assets/green.png", width: 4, height: 4, color: RGBA(red: 0, green: 1, blue: 0))
        let assets = BundleAssets(assetFolder: temp.url.appendingPathComponent("Bundle.assets"))
        let frame = rect(0, 0, 20, 20)
        var list = DisplayList(size: Size(width: 20, height: 20), commands: ColorTreatment(mode: .vibrant).apply(to: [.image(.asset("green"), frame: frame, clip: nil)]))
        #expect(list.commands == [.tintedImage(.asset("green"), frame: frame, clip: nil, tint: .luminanceToWhite)])
        var pixel = try RasterImage(png: pngData(list, scale: 1, assets: assets)).pixel(x: 10, y: 10)
        #expect(pixel.red > 250 && pixel.green > 250 && pixel.blue > 250)
        #expect(abs(Int(pixel.alpha) - Int((0.7152 * 255).rounded())) <= 2)

        let tint = RGBA(red: 0, green: 0, blue: 1)
        list.commands = ColorTreatment(mode: .accented, tint: tint).apply(to: [.pushAccentGroup, .image(.asset("green"), frame: frame, clip: nil), .popAccentGroup])
        pixel = try RasterImage(png: pngData(list, scale: 1, assets: assets)).pixel(x: 10, y: 10)
        #expect(pixel == RGBA8(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test("Vibrant whitens colour emoji with the text around them; full colour keeps their colours")
    func vibrantEmoji() throws {
        let frame = rect(0, 0, 60, 30)
        let style = TextStyle(family: "Inter", size: 20)
        let text = DisplayCommand.text("🍎", style, frame: frame, paint: .color(Self.white))
        let treated = ColorTreatment(mode: .vibrant).apply(to: [text, .text("plain", style, frame: frame, paint: .color(Self.white))])
        #expect(treated.first == .tintedText("🍎", style, frame: frame, paint: .color(Self.white), tint: .luminanceToWhite))
        #expect(treated.last == .text("plain", style, frame: frame, paint: .color(Self.white)), "text without colour glyphs is mapped as before")

        func colouredPixels(_ commands: [DisplayCommand]) throws -> (drawn: Int, coloured: Int) {
            let image = try RasterImage(png: pngData(DisplayList(size: Size(width: 60, height: 30), commands: commands), scale: 2))
            var drawn = 0, coloured = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let pixel = image.pixel(x: x, y: y)
                    guard pixel.alpha > 16 else { continue }
                    drawn += 1
                    if max(pixel.red, pixel.green, pixel.blue) - min(pixel.red, pixel.green, pixel.blue) > 24 { coloured += 1 }
                }
            }
            return (drawn, coloured)
        }
        let fullColor = try colouredPixels([text])
        #expect(fullColor.coloured > 50, "the apple is drawn in colour in full colour: \(fullColor)")
        let vibrant = try colouredPixels(treated.dropLast())
        #expect(vibrant.drawn > 50, "the apple is still drawn: \(vibrant)")
        #expect(vibrant.coloured == 0, "and only in white: \(vibrant)")
    }

    @Test("unredacted keeps a view readable inside a placeholder")
    func unredacted() {
        let tree = vstack(text("Title", .unredacted), text("Detail"))
        let list = LayoutHarness.layout(tree, redactsPlaceholder: true)
        #expect(list.texts.map(\.string) == ["Title"])
    }

    @Test("redacted(reason: .privacy) redacts the privacySensitive views inside, and only those")
    func privacyReason() {
        let tree = vstack(text("public"), text("secret", .privacySensitive)).with(.redacted(.privacy))
        #expect(LayoutHarness.layout(tree).texts.map(\.string) == ["public"])
        #expect(LayoutHarness.layout(vstack(text("public"), text("secret", .privacySensitive))).texts.count == 2)
    }

    @Test("redacted(reason: .invalidated) dims the invalidatable content inside")
    func invalidatedReason() {
        let tree = vstack(text("count", .invalidatableContent), text("label")).with(.redacted(.invalidated))
        let list = LayoutHarness.layout(tree)
        #expect(list.texts.map(\.string) == ["count", "label"])
        #expect(list.commands.contains(.pushOpacity(InvalidatableBox.invalidatedOpacity)))
        #expect(!LayoutHarness.layout(vstack(text("count", .invalidatableContent))).commands.contains(.pushOpacity(InvalidatableBox.invalidatedOpacity)))
    }
}
