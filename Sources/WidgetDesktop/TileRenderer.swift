import CPangoCairo
import Foundation
import WidgetPayload
import WidgetRender
import WidgetStore
import WidgetStoreModel

/// Draws one widget of the home screen into pixels a backend owns (a shared-memory buffer, an
/// X11 image), at the output's scale, and keeps what it drew for taps: the controls' and links'
/// frames. One per backend thread; not shared (it caches each bundle's assets).
public final class TileRenderer {
    private var renderers: [String: WidgetRenderer] = [:]
    /// The home screen's store: its catalog says which bundle declares which App Group.
    private let store: LazySharedStore

    public init(store: LazySharedStore) {
        self.store = store
    }

    /// Draws `widget` (or, without an entry yet, its kind's card) in `family`'s size into the
    /// ARGB32 pixels at `data`, `width`×`height` pixels with `stride` bytes a row, cleared first.
    /// Returns the display list drawn, in points of the widget.
    @discardableResult
    public func draw(
        _ widget: HomeScreen.Widget, appearance: ColorSchemeName, now: Date, scale: Double,
        into data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int
    ) -> DisplayList {
        let family = widget.instance.family
        let face = widget.face ?? WidgetFace(kind: widget.instance.kind, content: .null, view: nil, viewError: nil)
        let renderer = renderer(forBundle: widget.bundlePath)
        let list = renderer.displayList(face, in: LayoutEnvironment(family: family, colorScheme: appearance, now: now))
        let surface = cairo_image_surface_create_for_data(
            data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        CairoPainter(assets: renderer.assets, text: renderer.text).paint(list, on: cairo, scale: scale)
        if widget.isPending {
            // `invalidatableContent()` while the intent's timeline is coming: dimmed, as iOS does.
            let veil = appearance == .dark ? 0.0 : 1.0
            cairo_set_source_rgba(cairo, veil, veil, veil, 0.55)
            for frame in list.invalidatableFrames {
                cairo_rectangle(cairo, frame.minX * scale, frame.minY * scale, frame.width * scale, frame.height * scale)
            }
            cairo_fill(cairo)
        }
        cairo_surface_flush(surface)
        return list
    }

    /// Lets go of the renderers (and their bundles' decoded assets) of every bundle but those at
    /// `paths`: the gallery drew a preview of every kind, and the home screen at rest draws only
    /// its own widgets.
    public func forgetRenderers(keeping paths: Set<String>) {
        renderers = renderers.filter { paths.contains($0.key) }
    }

    /// A renderer with the bundle's assets and App Group containers, made once per bundle.
    private func renderer(forBundle path: String?) -> WidgetRenderer {
        let key = path ?? ""
        if let cached = renderers[key] { return cached }
        let renderer: WidgetRenderer
        if let path {
            let groups = (try? store.open().catalog().groups) ?? [:]
            var containers: [String: URL] = [:]
            for (group, declarations) in groups where declarations.contains(where: { $0.bundlePath == path }) {
                if let id = try? AppGroupID(validating: group) { containers[group] = store.location.containerURL(for: id) }
            }
            renderer = WidgetRenderer(assets: BundleAssets(besideBundle: URL(fileURLWithPath: path), appGroupContainers: containers))
        } else {
            renderer = WidgetRenderer(assets: .empty)
        }
        renderers[key] = renderer
        return renderer
    }
}

/// What a tap on a widget does, from the display list it was drawn with.
public enum TileTap: Sendable, Equatable {
    case perform(ControlAction)
    case open(String)

    /// The topmost control under `point` (in the widget's points), else the topmost link, else
    /// the widget's URL; nil when the tap does nothing.
    public init?(at point: Point, in list: DisplayList) {
        if let control = list.controls.last(where: { $0.frame.contains(point) }) {
            self = .perform(control.action)
        } else if let link = list.links.last(where: { $0.frame.contains(point) }) {
            self = .open(link.url)
        } else {
            return nil
        }
    }
}
