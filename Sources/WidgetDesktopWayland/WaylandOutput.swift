#if canImport(Glibc)
import Glibc
#endif
import CWaylandClient
import Foundation
import WidgetDesktop
import WidgetHome
import WidgetPayload
import WidgetRender

/// One output's home screen: a layer surface as large as the output, transparent (a 1×1 buffer
/// stretched by the viewporter), and a sub-surface per widget on the shown page, so that a change
/// redraws and commits that widget alone.
final class WaylandOutput {
    let proxy: OpaquePointer
    unowned let desktop: WaylandDesktop
    /// The output's name (`wl_output.name`, or xdg-output's on older compositors).
    private(set) var name: String?
    private var integerScale: Int32 = 1
    /// `wp_fractional_scale_v1`'s preferred scale, when the compositor offers it.
    private var fractionalScale: Double?
    private var events: [WaylandEvents] = []

    private(set) var surface: OpaquePointer?
    private(set) var layerSurface: OpaquePointer?
    private var viewport: OpaquePointer?
    private var backdrop: ShmBuffer?
    /// The surface's size in points, from the compositor's configure.
    private(set) var width = 0.0, height = 0.0
    /// The layout and edit mode of this output; made at the first configure, when its size is known.
    var session: HomeEditSession?
    var page: Int { session?.editor.page ?? 0 }
    var tiles: [String: WaylandTile] = [:]
    var pageDots: WaylandTile?
    /// Each Smart Stack's dots on the shown page, by stack.
    var stackDots: [String: WaylandTile] = [:]
    /// What the page dots were last drawn with: they are drawn again only when that changes, not
    /// at each step of a drag.
    private var pageDotsShow: (count: Int, current: Int, appearance: ColorSchemeName, frame: Rect, scale: Double)?
    /// Edit mode's badges, buttons, dragged widget and menu: a sub-surface over the tiles, as
    /// large as the output, there only while editing (it takes every press meanwhile).
    var overlay: WaylandTile?
    /// What the overlay was last drawn with.
    var overlayShows: OverlayContent?
    /// The widget being dragged, over the overlay; its own tile is cleared meanwhile.
    var dragTile: WaylandTile?
    var hiddenTiles: Set<String> = []
    /// Whether the layer surface asks for the keyboard (on demand, while editing).
    var takesKeyboard = false
    /// With `--trace-frames`: the drag input (or the gallery's opening) being drawn (its widget,
    /// when it came, when the editor was done with it), and the frame callbacks of the commits traced.
    var dragTrace: (field: String, instance: String, started: DispatchTime, edited: DispatchTime)?
    var traceCallbacks: [OpaquePointer: WaylandEvents] = [:]
    /// The open sheet's drawing (on the overlay), with the gallery's previews kept between redraws.
    lazy var sheets = SheetRenderer(tiles: desktop.tiles)

    var scale: Double { fractionalScale ?? Double(integerScale) }

    init(proxy: OpaquePointer, desktop: WaylandDesktop) {
        self.proxy = proxy
        self.desktop = desktop
        let events = WaylandEvents { [unowned self] opcode, arguments in
            switch opcode {
            case 3: integerScale = max(arguments[0].i, 1)  // scale
            case 4: name = String(cString: arguments[0].s)  // name (version 4)
            case 2: if surface != nil { relayout() }  // done: the output's new state is whole
            default: break
            }
        }
        events.attach(to: proxy)
        self.events.append(events)
    }

    /// Asks xdg-output for the name, where `wl_output` is older than version 4.
    func askName(_ manager: OpaquePointer, table: WaylandInterfaceTable) {
        guard wl_proxy_get_version(proxy) < 4,
            let xdgOutput = waylandRequest(manager, ZxdgOutputManagerV1.getXdgOutputRequest, [newObject, objectArgument(proxy)], creating: table[.zxdgOutputV1])
        else { return }
        let events = WaylandEvents { [unowned self] opcode, arguments in
            if opcode == ZxdgOutputV1.nameEvent, name == nil { name = String(cString: arguments[0].s) }
        }
        events.attach(to: xdgOutput)
        self.events.append(events)
    }

    /// Creates the layer surface, if this output is one the user asked for.
    func showIfChosen() {
        guard surface == nil, desktop.options.output == nil || desktop.options.output == name,
            let compositor = desktop.globals.compositor, let layerShell = desktop.globals.layerShell
        else { return }
        let surface = wl_compositor_create_surface(compositor)!
        self.surface = surface
        let layer = desktop.options.layer == .background ? ZwlrLayerShellV1.Layer.background : ZwlrLayerShellV1.Layer.bottom
        let layerSurface = "widgethost-home".withCString { namespace in
            waylandRequest(
                layerShell, ZwlrLayerShellV1.getLayerSurfaceRequest,
                [newObject, objectArgument(surface), objectArgument(proxy), uintArgument(layer), stringArgument(namespace)],
                creating: desktop.table[.zwlrLayerSurfaceV1])!
        }
        self.layerSurface = layerSurface
        let anchors = ZwlrLayerSurfaceV1.Anchor.top | ZwlrLayerSurfaceV1.Anchor.bottom | ZwlrLayerSurfaceV1.Anchor.left | ZwlrLayerSurfaceV1.Anchor.right
        waylandRequest(layerSurface, ZwlrLayerSurfaceV1.setAnchorRequest, [uintArgument(anchors)])
        waylandRequest(layerSurface, ZwlrLayerSurfaceV1.setSizeRequest, [uintArgument(0), uintArgument(0)])
        // No exclusive zone of its own; panels' zones are respected.
        waylandRequest(layerSurface, ZwlrLayerSurfaceV1.setExclusiveZoneRequest, [intArgument(0)])
        waylandRequest(layerSurface, ZwlrLayerSurfaceV1.setKeyboardInteractivityRequest, [uintArgument(ZwlrLayerSurfaceV1.KeyboardInteractivity.none)])
        let layerEvents = WaylandEvents { [unowned self] opcode, arguments in
            if opcode == ZwlrLayerSurfaceV1.configureEvent {
                waylandRequest(layerSurface, ZwlrLayerSurfaceV1.ackConfigureRequest, [uintArgument(arguments[0].u)])
                width = Double(arguments[1].u)
                height = Double(arguments[2].u)
                relayout()
            } else if opcode == ZwlrLayerSurfaceV1.closedEvent {
                destroySurfaces()
            }
        }
        layerEvents.attach(to: layerSurface)
        events.append(layerEvents)
        if let viewporter = desktop.globals.viewporter {
            viewport = waylandRequest(viewporter, WpViewporter.getViewportRequest, [newObject, objectArgument(surface)], creating: desktop.table[.wpViewport])
        }
        if let manager = desktop.globals.fractionalScale,
            let fractional = waylandRequest(manager, WpFractionalScaleManagerV1.getFractionalScaleRequest, [newObject, objectArgument(surface)],
                                            creating: desktop.table[.wpFractionalScaleV1])
        {
            let scaleEvents = WaylandEvents { [unowned self] opcode, arguments in
                guard opcode == WpFractionalScaleV1.preferredScaleEvent else { return }
                fractionalScale = Double(arguments[0].u) / 120
                if width > 0 { relayout() }
            }
            scaleEvents.attach(to: fractional)
            events.append(scaleEvents)
        }
        wl_surface_commit(surface)
    }

    /// Whether a widget on the shown page has text that counts.
    var showsCountingText: Bool { tiles.values.contains { $0.countsTime } }

    /// Redraws what changed: everything after a layout change, else the widgets named (and the
    /// counting ones, once a second).
    func apply(_ changes: HomeScreen.Changes, counting: Set<String>, now: Date) {
        guard surface != nil, width > 0 else { return }
        let sheetChanged = sheetNeedsRedraw(after: changes)
        if changes.layout {
            relayout()
            return
        }
        if sheetChanged {
            overlayShows = nil
            sync(redrawTiles: false)
        }
        // A dragged widget's own tile stays cleared; the overlay shows it.
        for id in changes.widgets.union(counting) where !hiddenTiles.contains(id) { tiles[id]?.draw(now: now) }
    }

    /// Lays the page out again for the current size, scale and layout, and draws every widget.
    func relayout() {
        guard let surface, width > 0, height > 0 else { return }
        if let session {
            session.reload(width: width, height: height)
        } else {
            session = HomeEditSession(
                screen: desktop.screen, output: name, placingFor: desktop.options.output, width: width, height: height, feed: desktop.feed,
                note: desktop.feed.note)
        }
        drawBackdrop(on: surface)
        sync(redrawTiles: true)
    }

    /// The transparent backdrop: a 1×1 buffer stretched to the whole output, so that the
    /// compositor maps the surface and sends it the clicks and scrolls between widgets.
    private func drawBackdrop(on surface: OpaquePointer) {
        guard let shm = desktop.globals.shm else { return }
        if let viewport {
            if backdrop == nil { backdrop = try? ShmBuffer(shm: shm, width: 1, height: 1) }
            waylandRequest(viewport, WpViewport.setDestinationRequest, [intArgument(Int32(width)), intArgument(Int32(height))])
        } else if backdrop?.width != Int(width) || backdrop?.height != Int(height) {
            backdrop = try? ShmBuffer(shm: shm, width: Int(width), height: Int(height))
        }
        guard let backdrop else { return }
        memset(backdrop.data, 0, backdrop.stride * backdrop.height)
        wl_surface_attach(surface, backdrop.buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(backdrop.width), Int32(backdrop.height))
    }

    func drawPageDots(on surface: OpaquePointer, pages: Int) {
        guard pages > 1 else {
            pageDots?.destroy()
            pageDots = nil
            return
        }
        let dots = pageDots ?? WaylandTile(id: "", parent: surface, desktop: desktop, output: self, receivesInput: false)
        let size = (width: Double(pages) * 16 + 8, height: 24.0)
        let frame = Rect(x: ((width - size.width) / 2).rounded(), y: height - HomeGrid.margin - size.height, width: size.width, height: size.height)
        let shows = (count: pages, current: page, appearance: desktop.screen.appearance, frame: frame, scale: scale)
        if dots === pageDots, let shown = pageDotsShow, shown == shows { return }
        pageDots = dots
        pageDotsShow = shows
        dots.place(at: frame)
        dots.drawPageDots(count: pages, current: page, appearance: desktop.screen.appearance)
    }

    /// The dots beside each Smart Stack of `shown` (the dragged widget's aside), each a
    /// sub-surface of its own, drawn again when made or when the layout (and so what a stack
    /// shows) changed.
    func drawStackDots(on surface: OpaquePointer, shown: [HomeArrangement.Tile], redraw: Bool) {
        let stacks = Dictionary(shown.compactMap { tile in tile.stack.map { ($0.id, (tile, $0)) } }, uniquingKeysWith: { first, _ in first })
        for (id, dots) in stackDots where stacks[id] == nil {
            dots.destroy()
            stackDots[id] = nil
        }
        for (id, (tile, stack)) in stacks {
            let existing = stackDots[id]
            let dots = existing ?? WaylandTile(id: "", parent: surface, desktop: desktop, output: self, receivesInput: false)
            stackDots[id] = dots
            let frame = StackDots.frame(beside: tile.frame, count: stack.members.count)
            if existing == nil || dots.frame != frame { dots.place(at: frame) }
            if existing == nil || redraw { dots.drawStackDots(stack, appearance: desktop.screen.appearance) }
        }
    }

    /// The tile whose surface is `surface`.
    func tile(for surface: OpaquePointer) -> WaylandTile? {
        tiles.values.first { $0.surface == surface }
    }

    func owns(_ surface: OpaquePointer) -> Bool { self.surface == surface }

    private func destroySurfaces() {
        for tile in tiles.values { tile.destroy() }
        tiles = [:]
        pageDots?.destroy()
        pageDots = nil
        for dots in stackDots.values { dots.destroy() }
        stackDots = [:]
        overlay?.destroy()
        overlay = nil
        overlayShows = nil
        dragTile?.destroy()
        dragTile = nil
        hiddenTiles = []
        for callback in traceCallbacks.keys { wl_callback_destroy(callback) }
        traceCallbacks = [:]
        if let layerSurface { waylandRequest(layerSurface, ZwlrLayerSurfaceV1.destroyRequest, [], destroying: true) }
        if let surface { wl_surface_destroy(surface) }
        layerSurface = nil
        takesKeyboard = false
        surface = nil
        width = 0
    }

    func destroy() {
        destroySurfaces()
        // wl_output.release is version 3's; an older output is only forgotten.
        if wl_proxy_get_version(proxy) >= 3 { wl_output_release(proxy) } else { wl_proxy_destroy(proxy) }
    }
}
