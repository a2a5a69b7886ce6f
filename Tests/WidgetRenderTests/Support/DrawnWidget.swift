import Foundation
import WidgetPayload
import WidgetRender

/// Draws `root` (a systemSmall widget) and reads the PNG back.
func draw(_ root: ViewNode, assets: BundleAssets, scheme: ColorSchemeName = .light, scale: Int = 1) throws -> (RasterImage, [RenderProblem]) {
    let renderer = WidgetRenderer(assets: assets)
    let face = WidgetFace(kind: "test", content: .object([:]), view: ViewTree(root: root, contentMarginsDisabled: true), viewError: nil)
    let environment = LayoutEnvironment(family: .systemSmall, colorScheme: scheme, now: Date(timeIntervalSince1970: 0))
    let image = try renderer.image(face, in: environment, format: .png, scale: scale)
    return (try RasterImage(png: image.bytes), image.problems)
}

func near(_ pixel: RGBA8, _ red: Int, _ green: Int, _ blue: Int, tolerance: Int = 2) -> Bool {
    abs(Int(pixel.red) - red) <= tolerance && abs(Int(pixel.green) - green) <= tolerance && abs(Int(pixel.blue) - blue) <= tolerance
}
