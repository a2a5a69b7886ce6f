#if canImport(Glibc)
import Glibc
#endif
import CWaylandClient
import Foundation
import WidgetDesktop

/// `widgethost desktop` on a Wayland compositor with layer-shell (Sway, Hyprland, river, labwc,
/// niri, Wayfire, KDE Plasma): the home screen as a layer surface on each output (or the one
/// named), below the windows, taking the keyboard only on demand in edit mode, and claiming no
/// exclusive zone.
///
/// Everything Wayland happens on the thread that calls `run()`: libwayland's proxies and our
/// surfaces are used from that thread only. The home screen's changes reach it through an
/// eventfd its poll loop watches, so an idle desktop sleeps in `poll` until the compositor, a
/// change or a counting text (once a second, only while one is shown) wakes it.
public final class WaylandDesktop {
    public struct Options: Sendable {
        /// The output to show on (its Wayland name, `DP-1`); nil for every output.
        public var output: String?
        /// `background` (with the wallpaper) or `bottom` (above it, below windows).
        public var layer: Layer = .bottom
        /// Prints one line per committed widget: render time and time to the compositor's frame
        /// callback, for the benchmarks.
        public var traceFrames = false

        public enum Layer: String, Sendable, CaseIterable {
            case background, bottom
        }

        public init(output: String? = nil, layer: Layer = .bottom, traceFrames: Bool = false) {
            self.output = output
            self.layer = layer
            self.traceFrames = traceFrames
        }
    }

    let screen: HomeScreen
    let feed: HomeScreenFeed
    let options: Options
    let display: OpaquePointer
    let table: WaylandInterfaceTable
    let tiles: TileRenderer
    var globals = Globals()
    var outputs: [UInt32: WaylandOutput] = [:]
    var seat: WaylandSeat?
    /// The compositor's event times against the monotonic clock, for edit mode's timer.
    var eventClock = InputEventClock()
    private var registryEvents: WaylandEvents?
    private let wakeDescriptor: Int32

    /// The compositor's objects the home screen binds.
    struct Globals {
        var compositor: OpaquePointer?
        var subcompositor: OpaquePointer?
        var shm: OpaquePointer?
        var layerShell: OpaquePointer?
        var viewporter: OpaquePointer?
        var fractionalScale: OpaquePointer?
        var outputNames: OpaquePointer?
    }

    /// Connects to the compositor named by `WAYLAND_DISPLAY`; throws when there is none or it
    /// lacks layer-shell.
    public init(screen: HomeScreen, feed: HomeScreenFeed, options: Options) throws(HomeScreenError) {
        guard let display = wl_display_connect(nil) else {
            throw .noDisplay("no Wayland compositor at WAYLAND_DISPLAY=\(ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] ?? "(unset)")")
        }
        self.display = display
        self.screen = screen
        self.feed = feed
        self.options = options
        table = WaylandInterfaceTable([
            .zwlrLayerShellV1, .zwlrLayerSurfaceV1, .wpViewporter, .wpViewport, .wpFractionalScaleManagerV1, .wpFractionalScaleV1,
            .zxdgOutputManagerV1, .zxdgOutputV1,
        ])
        tiles = TileRenderer(store: screen.store)
        wakeDescriptor = wh_eventfd()
        let registry = wl_display_get_registry(display)!
        let events = WaylandEvents { [unowned self] opcode, arguments in
            if opcode == 0 {
                bind(registry, name: arguments[0].u, interface: String(cString: arguments[1].s), version: arguments[2].u)
            } else if opcode == 1 {
                outputs.removeValue(forKey: arguments[0].u)?.destroy()
            }
        }
        events.attach(to: registry)
        registryEvents = events
        // Twice: the globals, then the outputs' and seat's first events.
        wl_display_roundtrip(display)
        wl_display_roundtrip(display)
        guard globals.compositor != nil, globals.subcompositor != nil, globals.shm != nil else {
            throw .missingGlobal("wl_compositor, wl_subcompositor and wl_shm")
        }
        guard globals.layerShell != nil else { throw .missingGlobal("zwlr_layer_shell_v1 (layer-shell)") }
        if let wanted = options.output, !outputs.values.contains(where: { $0.name == wanted }) {
            throw .noOutput(wanted, available: outputs.values.compactMap(\.name).sorted())
        }
        let wake = wakeDescriptor
        screen.setOnChange {
            var one: UInt64 = 1
            _ = write(wake, &one, 8)
        }
    }

    private func bind(_ registry: OpaquePointer, name: UInt32, interface: String, version: UInt32) {
        func bound(_ wanted: UnsafePointer<wl_interface>, _ highest: UInt32) -> OpaquePointer? {
            wl_registry_bind(registry, name, wanted, min(version, highest)).map(OpaquePointer.init)
        }
        switch interface {
        case "wl_compositor": globals.compositor = bound(wh_wl_compositor_interface(), 4)
        case "wl_subcompositor": globals.subcompositor = bound(wh_wl_subcompositor_interface(), 1)
        case "wl_shm": globals.shm = bound(wh_wl_shm_interface(), 1)
        case "zwlr_layer_shell_v1": globals.layerShell = bound(table[.zwlrLayerShellV1], 4)
        case "wp_viewporter": globals.viewporter = bound(table[.wpViewporter], 1)
        case "wp_fractional_scale_manager_v1": globals.fractionalScale = bound(table[.wpFractionalScaleManagerV1], 1)
        case "zxdg_output_manager_v1":
            globals.outputNames = bound(table[.zxdgOutputManagerV1], 3)
            for output in outputs.values { output.askName(globals.outputNames!, table: table) }
        case "wl_output":
            guard let proxy = bound(wh_wl_output_interface(), 4) else { return }
            let output = WaylandOutput(proxy: proxy, desktop: self)
            outputs[name] = output
            if let manager = globals.outputNames { output.askName(manager, table: table) }
            // An output plugged in after start gets its home screen at once.
            if globals.layerShell != nil, started { output.showIfChosen() }
        case "wl_seat":
            guard seat == nil, let proxy = bound(wh_wl_seat_interface(), 5) else { return }
            seat = WaylandSeat(proxy: proxy, desktop: self)
        default:
            break
        }
    }

    private var started = false

    /// Shows the home screen and serves it until the compositor goes away (or the process ends).
    public func run() throws(HomeScreenError) {
        started = true
        for output in outputs.values { output.showIfChosen() }
        let displayDescriptor = wl_display_get_fd(display)
        while true {
            while wl_display_prepare_read(display) != 0 { wl_display_dispatch_pending(display) }
            wl_display_flush(display)
            var descriptors = [
                pollfd(fd: displayDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let counting = outputs.values.contains { $0.showsCountingText }
            // Counting texts tick on the second, as on iOS, and edit mode's deadline (a long press,
            // an edge dwell) when one is pending; at rest nothing needs a timer.
            let countingTimeout: Int32? = counting ? Int32(1000 - (Date().timeIntervalSince1970 * 1000).truncatingRemainder(dividingBy: 1000)) + 1 : nil
            let editTimeout = eventClock.milliseconds(until: outputs.values.compactMap { $0.session?.editor.nextDeadline }.min())
            let timeout = [countingTimeout, editTimeout].compactMap { $0 }.min() ?? -1
            let ready = poll(&descriptors, 2, timeout)
            if ready > 0, descriptors[0].revents & Int16(POLLIN) != 0 {
                wl_display_read_events(display)
            } else {
                wl_display_cancel_read(display)
            }
            if descriptors[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                throw .noDisplay("the compositor closed the connection")
            }
            if wl_display_dispatch_pending(display) < 0 { throw .noDisplay("the Wayland connection failed (error \(wl_display_get_error(display)))") }
            if descriptors[1].revents & Int16(POLLIN) != 0 {
                var count: UInt64 = 0
                _ = read(wakeDescriptor, &count, 8)
            }
            if let now = eventClock.now {
                for output in outputs.values {
                    guard let deadline = output.session?.editor.nextDeadline, now >= deadline else { continue }
                    output.input { $0.tick(now: now) }
                }
            }
            let changes = screen.takeChanges()
            let now = Date()
            for output in outputs.values {
                output.apply(changes, counting: counting ? screen.countingWidgets() : [], now: now)
            }
        }
    }

    func trace(_ line: @autoclosure () -> String) {
        guard options.traceFrames else { return }
        FileHandle.standardOutput.write(Data((line() + "\n").utf8))
    }
}
