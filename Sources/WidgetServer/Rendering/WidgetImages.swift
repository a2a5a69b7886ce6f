import Foundation
import WidgetHostCore
import WidgetPayload
import WidgetRender

/// Draws a kind's entry as PNG or SVG with its bundle's assets and App Group containers, as
/// `widgethost render` does, through the render cache.
struct WidgetImages: Sendable {
    let host: BundleHost
    let cache: RenderCache

    /// - Parameters:
    ///   - renderingMode: nil for the family's own.
    ///   - redactsPlaceholder: the entry is the placeholder, drawn redacted as WidgetKit does.
    func image(of entry: WidgetEntry, widget: WidgetDescriptor, family: WidgetFamily, at date: Date,
               appearance: ColorSchemeName, renderingMode: RenderingModeName? = nil, scale: Int, format: RenderFormat,
               redactsPlaceholder: Bool = false) async throws -> RenderCache.Image {
        let key = RenderKey(kind: widget.kind, family: family, entryDate: entry.date, entryDigest: entry.hashValue,
                            drawnAt: date, appearance: appearance, renderingMode: renderingMode, scale: scale, format: format,
                            redacted: redactsPlaceholder)
        if let cached = cache.cached(key) { return cached }
        let renderer = renderer(for: widget)
        // Drawing takes milliseconds of CPU: on a thread of its own, not the pool's two that
        // serve every other request and the daemon's calls.
        let bytes = try await Self.offThePool {
            let face = WidgetFace(kind: widget.kind, content: entry.content, view: entry.view?.tree, viewError: entry.view?.error?.description)
            let environment = LayoutEnvironment(family: family, colorScheme: appearance, now: date,
                                                redactsPlaceholder: redactsPlaceholder, renderingMode: renderingMode)
            return try renderer.image(face, in: environment, format: format, scale: scale).bytes
        }
        return cache.store(bytes, for: key)
    }

    /// The entry's text in reading order, as drawn in `family` (`readingText`); cached as the images are.
    func text(of entry: WidgetEntry, widget: WidgetDescriptor, family: WidgetFamily, at date: Date) -> String {
        // Drawn at the entry's date unless its text counts time, so a page of widgets reuses it.
        let drawnAt = entry.view?.tree?.countsTime == true ? date : entry.date
        let key = RenderKey(kind: widget.kind, family: family, entryDate: entry.date, entryDigest: entry.hashValue,
                            drawnAt: drawnAt, appearance: .light, scale: 1, format: .terminal)
        if let cached = cache.cached(key) { return String(decoding: cached.bytes, as: UTF8.self) }
        let face = WidgetFace(kind: widget.kind, content: entry.content, view: entry.view?.tree, viewError: entry.view?.error?.description)
        let list = renderer(for: widget).displayList(face, in: LayoutEnvironment(family: family, colorScheme: .light, now: drawnAt))
        return String(decoding: cache.store(Array(readingText(list).utf8), for: key).bytes, as: UTF8.self)
    }

    /// The laid-out drawing of `entry`: where its controls, links and invalidatable content are.
    func displayList(of entry: WidgetEntry, widget: WidgetDescriptor, family: WidgetFamily, at date: Date,
                     appearance: ColorSchemeName) async throws -> DisplayList {
        let renderer = renderer(for: widget)
        return try await Self.offThePool {
            let face = WidgetFace(kind: widget.kind, content: entry.content, view: entry.view?.tree, viewError: entry.view?.error?.description)
            return renderer.displayList(face, in: LayoutEnvironment(family: family, colorScheme: appearance, now: date))
        }
    }

    private static func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    private func renderer(for widget: WidgetDescriptor) -> WidgetRenderer {
        let groups = host.bundles.reports.first { $0.path == widget.bundlePath }?.bundle?.appGroups ?? []
        var containers: [String: URL] = [:]
        for group in groups { containers[group.rawValue] = host.storeLocation.containerURL(for: group) }
        return WidgetRenderer(assets: BundleAssets(
            besideBundle: URL(fileURLWithPath: widget.bundlePath), appGroupContainers: containers))
    }
}
