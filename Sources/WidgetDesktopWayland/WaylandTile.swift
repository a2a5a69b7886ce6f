import CPangoCairo
import CWaylandClient
import Foundation
import WidgetDesktop
import WidgetHome
import WidgetPayload
import WidgetRender

/// One widget on the shown page: a desynchronised sub-surface, so its commit shows at once and
/// alone, drawn at the output's scale into a shared-memory buffer. The buffer on screen may stay
/// the compositor's until the next one replaces it (a compositor drawing with pixman reads it in
/// place), so a redraw takes a second buffer; the one replaced is let go as soon as the compositor
/// releases it, and a widget keeps one buffer while nothing changes.
final class WaylandTile {
    let id: String
    let surface: OpaquePointer
    let subsurface: OpaquePointer
    private var viewport: OpaquePointer?
    unowned let desktop: WaylandDesktop
    unowned let output: WaylandOutput
    private(set) var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    private var buffers: [ShmBuffer] = []
    /// What was drawn last, in the widget's points: where its controls and links are.
    private(set) var displayList: DisplayList?
    private(set) var countsTime = false
    /// The frame callbacks' handlers, by callback: a compositor may answer them in any order.
    private var frameEvents: [OpaquePointer: WaylandEvents] = [:]
    /// Keeps one buffer the compositor released, besides the one shown, for the next draw: edit
    /// mode's overlay during a drag, as large as the output and drawn again at each step that
    /// changes the badges, would otherwise fault a new buffer's pages in and unmap the old one
    /// each time. Set back to false, the spare is let go.
    var keepsSpareBuffer = false {
        didSet {
            if !keepsSpareBuffer, let shown = buffers.last { buffers.removeAll { $0 !== shown && !$0.isBusy } }
        }
    }

    /// `receivesInput` false: an empty input region (`Input.nowhere`), so clicks go through it
    /// to what lies under it.
    init(id: String, parent: OpaquePointer, desktop: WaylandDesktop, output: WaylandOutput, receivesInput: Bool = true) {
        self.id = id
        self.desktop = desktop
        self.output = output
        surface = wl_compositor_create_surface(desktop.globals.compositor!)
        subsurface = wl_subcompositor_get_subsurface(desktop.globals.subcompositor!, surface, parent)
        wl_subsurface_set_desync(subsurface)
        if !receivesInput { setInput(.nowhere) }
        if let viewporter = desktop.globals.viewporter {
            viewport = waylandRequest(viewporter, WpViewporter.getViewportRequest, [newObject, objectArgument(surface)], creating: desktop.table[.wpViewport])
        }
    }

    /// Where clicks land on the surface, in its points.
    enum Input: Equatable {
        case everywhere
        case nowhere
        /// Inside a rectangle but in its holes, which clicks go through.
        case inside(Rect, holes: [Rect])
    }

    private(set) var input = Input.everywhere

    /// Sets where clicks land; applied with the surface's next commit.
    func setInput(_ input: Input) {
        guard input != self.input else { return }
        self.input = input
        guard input != .everywhere else {
            wl_surface_set_input_region(surface, nil)
            return
        }
        guard let region = wl_compositor_create_region(desktop.globals.compositor!) else { return }
        if case .inside(let rect, let holes) = input {
            func edges(_ rect: Rect) -> (Int32, Int32, Int32, Int32) {
                (Int32(rect.minX.rounded(.down)), Int32(rect.minY.rounded(.down)), Int32(rect.width.rounded(.up)), Int32(rect.height.rounded(.up)))
            }
            let (x, y, width, height) = edges(rect)
            wl_region_add(region, x, y, width, height)
            for hole in holes {
                let (x, y, width, height) = edges(hole)
                wl_region_subtract(region, x, y, width, height)
            }
        }
        wl_surface_set_input_region(surface, region)
        wl_region_destroy(region)
    }

    /// Moves the widget (in points of the output); applied with the parent's next commit.
    func place(at frame: Rect) {
        self.frame = frame
        wl_subsurface_set_position(subsurface, Int32(frame.minX), Int32(frame.minY))
    }

    /// Draws the widget's current entry and commits it.
    func draw(now: Date) {
        guard let widget = desktop.screen.widget(id) else { return }
        let started = DispatchTime.now()
        commit { buffer in
            displayList = desktop.tiles.draw(
                widget, appearance: desktop.screen.appearance, now: now, scale: output.scale,
                into: buffer.data, width: buffer.width, height: buffer.height, stride: buffer.stride)
        } traced: { rendered in
            // From the event's arrival (if it was this face's), so the frame's time can be told
            // from the event's.
            let event = widget.changedAt.map { ",\"eventNs\":\($0)" } ?? ""
            return "{\"instance\":\"\(id)\",\"renderMs\":\(Self.milliseconds(started, rendered)),\"startedNs\":\(started.uptimeNanoseconds)\(event)"
        }
        countsTime = widget.face?.view?.countsTime == true
    }

    /// The page dots under the grid, as iOS shows them: the current page's dot opaque.
    func drawPageDots(count: Int, current: Int, appearance: ColorSchemeName) {
        drawWithCairo { cairo in
            cairo_scale(cairo, output.scale, output.scale)
            let ink = appearance == .dark ? 1.0 : 0.0
            for index in 0..<count {
                cairo_set_source_rgba(cairo, ink, ink, ink, index == current ? 0.9 : 0.35)
                cairo_arc(cairo, 12 + Double(index) * 16, frame.height / 2, 4, 0, 2 * Double.pi)
                cairo_fill(cairo)
            }
        }
    }

    /// A Smart Stack's dots (`StackDots`), filling this tile.
    func drawStackDots(_ stack: HomeItem.Stack, appearance: ColorSchemeName) {
        drawWithCairo { cairo in
            cairo_scale(cairo, output.scale, output.scale)
            StackDots.draw(stack, at: Point(x: 0, y: 0), appearance: appearance, on: cairo)
        }
    }

    /// Commits what `body` draws with Cairo (in pixels) over a cleared buffer: the page dots,
    /// edit mode's overlay, or nothing (a widget hidden while it is dragged).
    func drawWithCairo(_ body: (OpaquePointer) -> Void) {
        commit { buffer in
            let surface = cairo_image_surface_create_for_data(
                buffer.data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))!
            defer { cairo_surface_destroy(surface) }
            let cairo = cairo_create(surface)!
            defer { cairo_destroy(cairo) }
            cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
            cairo_paint(cairo)
            cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
            body(cairo)
            cairo_surface_flush(surface)
        } traced: { _ in nil }
    }

    /// Draws into a free buffer of the scaled size and commits it, with a frame callback when
    /// tracing (the moment the compositor shows the new pixels).
    private func commit(_ draw: (ShmBuffer) -> Void, traced: (DispatchTime) -> String?) {
        guard let shm = desktop.globals.shm, frame.width > 0 else { return }
        let scale = output.scale
        let pixelWidth = Int((frame.width * scale).rounded(.up)), pixelHeight = Int((frame.height * scale).rounded(.up))
        buffers.removeAll { $0.width != pixelWidth || $0.height != pixelHeight }
        let buffer: ShmBuffer
        if let free = buffers.first(where: { !$0.isBusy }) {
            buffer = free
        } else {
            guard let made = try? ShmBuffer(shm: shm, width: pixelWidth, height: pixelHeight) else { return }
            made.onRelease = { [unowned self, unowned made] in
                // Replaced on screen: keep memory for the one shown only (and a spare, if asked).
                if buffers.last !== made, !keepsSpareBuffer || buffers.count > 2 { buffers.removeAll { $0 === made } }
            }
            buffers.append(made)
            buffer = made
        }
        // The newest last: the one on screen after this commit.
        buffers.removeAll { $0 === buffer }
        buffers.append(buffer)
        draw(buffer)
        let rendered = DispatchTime.now()
        if let viewport {
            waylandRequest(viewport, WpViewport.setDestinationRequest, [intArgument(Int32(frame.width)), intArgument(Int32(frame.height))])
        } else {
            wl_surface_set_buffer_scale(surface, Int32(scale.rounded()))
        }
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(pixelWidth), Int32(pixelHeight))
        if desktop.options.traceFrames, let head = traced(rendered) {
            let callback = wl_surface_frame(surface)!
            let committed = DispatchTime.now()
            let events = WaylandEvents { [unowned self] _, _ in
                let shown = DispatchTime.now()
                desktop.trace(head + ",\"commitMs\":\(Self.milliseconds(rendered, committed)),\"frameMs\":\(Self.milliseconds(rendered, shown)),\"committedNs\":\(committed.uptimeNanoseconds),\"shownNs\":\(shown.uptimeNanoseconds)}")
                frameEvents[callback] = nil
                wl_callback_destroy(callback)
            }
            events.attach(to: callback)
            frameEvents[callback] = events
        }
        wl_surface_commit(surface)
        buffer.markBusy()
    }

    private static func milliseconds(_ from: DispatchTime, _ to: DispatchTime) -> String {
        String(format: "%.3f", Double(to.uptimeNanoseconds - from.uptimeNanoseconds) / 1e6)
    }

    func destroy() {
        // A pending frame callback would otherwise call a handler that is gone.
        for callback in frameEvents.keys { wl_callback_destroy(callback) }
        frameEvents = [:]
        if let viewport { waylandRequest(viewport, WpViewport.destroyRequest, [], destroying: true) }
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
        buffers = []
    }
}
