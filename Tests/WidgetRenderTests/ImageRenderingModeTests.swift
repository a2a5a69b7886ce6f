import Foundation
import Testing
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
}
