import Foundation
import Testing
import WidgetAssetCatalog
import WidgetPayload
@testable import WidgetRender

/// `Image.renderingMode(_:)`: a bundle's image drawn as a template is its shape in the
/// foreground colour, as an icon tinted with `foregroundStyle(_:)`; as it is otherwise.
@Suite struct ImageRenderingModeTests {
    static let red = RGBA(red: 1, green: 0, blue: 0)

    @Test("A template image is drawn as its shape in the foreground colour; an original one as it is")
    func templateImage() throws {
        let icon = ViewNode(.image(.asset("icon")), modifiers: [.foregroundStyle(.color(.rgba(red: 1, green: 0, blue: 0, alpha: 1)))])
        let template = LayoutHarness.layout(icon.with(.imageRenderingMode(.template))).commands
        #expect(template.contains { if case .tintedImage(.asset("icon"), _, nil, .template(Self.red)) = $0 { true } else { false } })
        #expect(!template.contains { if case .image = $0 { true } else { false } })
        let original = LayoutHarness.layout(icon.with(.imageRenderingMode(.original))).commands
        #expect(original.contains { if case .image(.asset("icon"), _, nil) = $0 { true } else { false } })
        #expect(!original.contains { if case .tintedImage = $0 { true } else { false } })
    }

    @Test("A template image's pixels are the foreground colour where the image has any, and clear elsewhere")
    func templatePixels() throws {
        let temp = try TemporaryFolder()
        try temp.writePNG("Bundle.assets/green.png", width: 4, height: 4, color: RGBA(red: 0, green: 1, blue: 0))
        let assets = BundleAssets(assetFolder: temp.url.appendingPathComponent("Bundle.assets"))
        let frame = Rect(x: 0, y: 0, width: 20, height: 20)
        let list = DisplayList(size: Size(width: 20, height: 20), commands: [
            .tintedImage(.asset("green"), frame: frame, clip: nil, tint: .template(Self.red)),
        ])
        let pixel = try RasterImage(png: pngData(list, scale: 1, assets: assets)).pixel(x: 10, y: 10)
        #expect(pixel.red > 250 && pixel.green < 5 && pixel.blue < 5 && pixel.alpha > 250)
    }

    @Test("A catalog's template image is drawn as one, unless the view says original")
    func catalogTemplateIntent() throws {
        struct TemplateSizer: ImageSizing {
            func naturalSize(of source: ImageSource) -> Size? { Size(width: 24, height: 24) }
            func rendersAsTemplate(_ source: ImageSource) -> Bool { source == .asset("glyph") }
        }
        let engine = LayoutEngine(measurer: FixedAdvanceMeasurer(), images: TemplateSizer())
        func commands(_ node: ViewNode) -> [DisplayCommand] {
            let root = node.with(.foregroundStyle(.color(.rgba(red: 1, green: 0, blue: 0, alpha: 1))))
            return engine.layout(ViewTree(root: root), in: LayoutEnvironment(family: .systemSmall, now: LayoutHarness.now)).commands
        }
        func isTinted(_ command: DisplayCommand) -> Bool { if case .tintedImage = command { true } else { false } }
        #expect(commands(ViewNode(.image(.asset("glyph")))).contains(where: isTinted))
        #expect(!commands(ViewNode(.image(.asset("glyph")), modifiers: [.imageRenderingMode(.original)])).contains(where: isTinted))
        #expect(!commands(ViewNode(.image(.asset("photo")))).contains(where: isTinted))

        // The set's property, as Xcode writes it.
        let set = try CatalogContents.imageSet(Array(#"{"images":[{"filename":"g.pdf","idiom":"universal"}],"properties":{"template-rendering-intent":"template"}}"#.utf8), file: "G")
        #expect(set.rendersAsTemplate)
        #expect(try !CatalogContents.imageSet(Array(#"{"images":[],"properties":{"template-rendering-intent":"original"}}"#.utf8), file: "O").rendersAsTemplate)
    }
}
