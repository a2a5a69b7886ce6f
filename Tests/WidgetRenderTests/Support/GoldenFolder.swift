import Foundation
import Testing
import WidgetPayload
import WidgetRender

/// A folder of golden images for hand-made view trees (`Tests/Fixtures/Golden/<name>/`): each
/// tree drawn at 2× and compared with its PNG, as the samples' are (`GoldenImageTests`). After a
/// deliberate change, look at the new images, then regenerate them with
///
///     WIDGETHOST_UPDATE_GOLDENS=1 swift test --skip-build --filter <the suite>
struct GoldenFolder {
    let url: URL
    static let updating = ProcessInfo.processInfo.environment["WIDGETHOST_UPDATE_GOLDENS"] == "1"

    init(_ name: String) {
        url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Golden/\(name)", isDirectory: true)
    }

    /// Draws `root` as a `family` widget in `renderingMode` and `colorScheme`, with a bundle's
    /// `assets` (its catalog's colours), and compares it with `<name>.png`.
    func check(_ name: String, root: ViewNode, family: WidgetFamily, renderingMode: RenderingModeName? = nil,
               colorScheme: ColorSchemeName = .light, assets: BundleAssets = .empty,
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let face = WidgetFace(kind: "golden", content: .object([:]), view: ViewTree(root: root), viewError: nil)
        var environment = LayoutEnvironment(
            family: family, colorScheme: colorScheme, now: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC")!)
        environment.renderingMode = renderingMode
        let image = try WidgetRenderer(assets: assets).image(face, in: environment, format: .png, scale: 2)
        #expect(image.problems.isEmpty, "\(image.problems)", sourceLocation: sourceLocation)
        let file = url.appendingPathComponent("\(name).png")
        if Self.updating {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(image.bytes).write(to: file)
        }
        guard let expected = try? Data(contentsOf: file) else {
            Issue.record("no golden image \(name).png; look at it, then make it with WIDGETHOST_UPDATE_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        let drawn = try RasterImage(png: image.bytes)
        let reference = try RasterImage(png: [UInt8](expected))
        let differing = try #require(drawn.pixelsDiffering(from: reference, byMoreThan: 24),
                                     "drawn \(drawn.width)×\(drawn.height), golden \(reference.width)×\(reference.height)", sourceLocation: sourceLocation)
        let share = Double(differing) / Double(drawn.pixels.count)
        if share > 0.005 {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("widgethost-golden-\(name).png")
            try? Data(image.bytes).write(to: actual)
            Issue.record("\(name).png: \(differing) pixels differ from the golden image; this drawing is at \(actual.path)", sourceLocation: sourceLocation)
        }
    }
}
