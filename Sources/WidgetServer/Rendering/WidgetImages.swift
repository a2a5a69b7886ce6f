import Foundation
import WidgetHostCore
import WidgetPayload
import WidgetRender

/// Draws a kind's entry as PNG or SVG with its bundle's assets and App Group containers, as
/// `widgethost render` does, through the render cache.
struct WidgetImages: Sendable {
    let host: BundleHost
    let cache: RenderCache

    func image(of entry: WidgetEntry, widget: WidgetDescriptor, family: WidgetFamily, at date: Date,
               appearance: ColorSchemeName, scale: Int, format: RenderFormat) throws -> RenderCache.Image {
        let key = RenderKey(kind: widget.kind, family: family, entryDate: entry.date, entryDigest: entry.hashValue,
                            drawnAt: date, appearance: appearance, scale: scale, format: format)
        return try cache.image(for: key) {
            let face = WidgetFace(kind: widget.kind, content: entry.content, view: entry.view?.tree, viewError: entry.view?.error?.description)
            let environment = LayoutEnvironment(family: family, colorScheme: appearance, now: date)
            return try renderer(for: widget).image(face, in: environment, format: format, scale: scale).bytes
        }
    }

    private func renderer(for widget: WidgetDescriptor) -> WidgetRenderer {
        let groups = host.bundles.reports.first { $0.path == widget.bundlePath }?.bundle?.appGroups ?? []
        var containers: [String: URL] = [:]
        for group in groups { containers[group.rawValue] = host.storeLocation.containerURL(for: group) }
        return WidgetRenderer(assets: BundleAssets(
            assetFolder: BundleAssets.assetFolder(besideBundle: URL(fileURLWithPath: widget.bundlePath)), appGroupContainers: containers))
    }
}
