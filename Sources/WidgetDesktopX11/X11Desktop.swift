#if canImport(Glibc)
import Glibc
#endif
import CXCB
import Foundation
import WidgetDesktop
import WidgetRender

/// `widgethost desktop` on an X11 session (or a Wayland compositor without layer-shell, through
/// Xwayland): the home screen as one window of type `_NET_WM_WINDOW_TYPE_DESKTOP`, as large as
/// the screen, below the other windows and on every workspace, drawn with Cairo's XCB surface.
///
/// Everything X11 happens on the thread that calls `run()`: the connection, the window and the
/// Cairo surfaces are used from that thread only (Cairo's XCB surface assumes it). The home
/// screen's changes reach it through an eventfd its poll loop watches beside the connection, so
/// an idle desktop sleeps in `poll` until the X server, a change or a counting text (once a
/// second, only while one is shown) wakes it.
public final class X11Desktop {
    public struct Options: Sendable {
        /// The output name the layout is for: placements made for that output (`widgethost home
        /// place --output`) apply, and those for other outputs do not. Nil: only placements made
        /// for no particular output.
        public var output: String?
        /// Device pixels per point: `GDK_SCALE` (an integer, as GTK reads it) when left out, else 1.
        public var scale: Double
        /// Prints one JSON line per widget drawn: its render time and the time until the X server
        /// had it on the window, for the checks and benchmarks.
        public var traceFrames = false

        public init(output: String? = nil, scale: Double? = nil, traceFrames: Bool = false) {
            self.output = output
            self.scale = scale ?? Self.environmentScale()
            self.traceFrames = traceFrames
        }

        /// `GDK_SCALE`, which X11 desktops set for HiDPI screens (X11 itself has no scale); 1 without.
        static func environmentScale() -> Double {
            guard let text = ProcessInfo.processInfo.environment["GDK_SCALE"], let value = Int(text), value >= 1 else { return 1 }
            return Double(value)
        }
    }

    let screen: HomeScreen
    let feed: HomeScreenFeed
    let options: Options
    let tiles: TileRenderer
    let connection: OpaquePointer
    private let root: xcb_screen_t
    private let visual: UnsafeMutablePointer<xcb_visualtype_t>
    let window: xcb_window_t
    var page: X11HomePage!
    let keyboard: X11Keyboard
    /// The X server's event times against this process's monotonic clock, for edit mode's timer.
    var eventClock = InputEventClock()
    /// Whether the window has asked for the keyboard (while editing, or a menu is open).
    var takesKeyboard = false
    private let wakeDescriptor: Int32
    private var backgroundPixel: UInt32
    /// The second the counting texts were last drawn for: they tick once a second, as on iOS.
    private var countedSecond = 0

    /// Connects to the X server named by `DISPLAY` and creates the window (not yet shown);
    /// throws when there is no server.
    public init(screen: HomeScreen, feed: HomeScreenFeed, options: Options) throws(HomeScreenError) {
        var screenNumber: Int32 = 0
        let connection = xcb_connect(nil, &screenNumber)!
        guard xcb_connection_has_error(connection) == 0 else {
            xcb_disconnect(connection)
            throw .noDisplay("no X server at DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "(unset)")")
        }
        var roots = xcb_setup_roots_iterator(xcb_get_setup(connection))
        for _ in 0..<max(screenNumber, 0) where roots.rem > 1 { xcb_screen_next(&roots) }
        let root = roots.data.pointee
        guard let visual = Self.visualType(roots.data, id: root.root_visual), visual.pointee._class == XCB_VISUAL_CLASS_TRUE_COLOR.rawValue else {
            xcb_disconnect(connection)
            throw .noDisplay("the X screen's visual is not TrueColor, which the home screen draws for")
        }
        self.connection = connection
        self.root = root
        self.visual = visual
        self.screen = screen
        self.feed = feed
        self.options = options
        tiles = TileRenderer(store: screen.store)
        wakeDescriptor = wh_x11_eventfd()
        let atoms = X11Atoms(connection: connection)
        keyboard = X11Keyboard(connection: connection)
        backgroundPixel = X11Background.forAppearance(screen.appearance).pixel(in: visual.pointee)
        window = X11Window.create(
            connection: connection, screen: root, atoms: atoms, backgroundPixel: backgroundPixel, width: root.width_in_pixels,
            height: root.height_in_pixels)
        // The root's own size changes (RandR, xrandr --fb) come as its ConfigureNotify.
        xcb_change_window_attributes(connection, root.root, XCB_CW_EVENT_MASK.rawValue, [XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue])
        let canvas = try X11Canvas(
            connection: connection, window: window, screen: root, visual: visual, width: Int(root.width_in_pixels), height: Int(root.height_in_pixels))
        page = X11HomePage(desktop: self, canvas: canvas)
        let wake = wakeDescriptor
        screen.setOnChange {
            var one: UInt64 = 1
            _ = write(wake, &one, 8)
        }
    }

    deinit {
        page = nil  // its canvas's Cairo surface goes before the connection
        xcb_disconnect(connection)
        close(wakeDescriptor)
    }

    /// Shows the home screen and serves it until the X server goes away (or the process ends).
    public func run() throws(HomeScreenError) {
        page.reload(now: Date())
        X11Window.showBelow(connection: connection, window: window)
        xcb_flush(connection)
        let connectionDescriptor = xcb_get_file_descriptor(connection)
        while true {
            while let event = xcb_poll_for_event(connection) {
                handle(event)
                free(event)
            }
            if xcb_connection_has_error(connection) != 0 { throw .noDisplay("the X server closed the connection") }
            redrawChanges()
            xcb_flush(connection)
            // A reply awaited while drawing (a traced frame's round trip) may have read events
            // into xcb's queue, where poll(2) cannot see them.
            if let queued = xcb_poll_for_queued_event(connection) {
                handle(queued)
                free(queued)
                continue
            }
            var descriptors = [
                pollfd(fd: connectionDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            // Counting texts tick on the second, as on iOS, and edit mode's deadline (a long press,
            // an edge dwell) when one is pending; at rest nothing needs a timer.
            let counting = page.countingTiles.isEmpty == false
            let countingTimeout: Int32? = counting ? Int32(1000 - (Date().timeIntervalSince1970 * 1000).truncatingRemainder(dividingBy: 1000)) + 1 : nil
            let timeout = [countingTimeout, editTimeout()].compactMap { $0 }.min() ?? -1
            _ = poll(&descriptors, 2, timeout)
            if descriptors[1].revents & Int16(POLLIN) != 0 {
                var count: UInt64 = 0
                _ = read(wakeDescriptor, &count, 8)
            }
            tickEditor()
        }
    }

    /// Redraws what the home screen says changed: everything after a layout change, else the
    /// widgets named, and the counting ones when a new second has begun.
    private func redrawChanges() {
        let changes = screen.takeChanges()
        let now = Date()
        let sheetChanged = page.sheetNeedsRedraw(after: changes)
        if changes.layout {
            let pixel = X11Background.forAppearance(screen.appearance).pixel(in: visual.pointee)
            if pixel != backgroundPixel {
                backgroundPixel = pixel
                X11Window.setBackground(connection: connection, window: window, pixel: pixel)
            }
            page.reload(now: now)
            countedSecond = Int(now.timeIntervalSince1970)
            return
        }
        var redrawn = changes.widgets
        let second = Int(now.timeIntervalSince1970)
        if !page.countingTiles.isEmpty, second != countedSecond {
            countedSecond = second
            redrawn.formUnion(page.countingTiles)
        }
        if sheetChanged {
            page.redrawAll(now: now)
        } else if !redrawn.isEmpty {
            page.redraw(redrawn, now: now)
        }
    }

    private func handle(_ event: UnsafeMutablePointer<xcb_generic_event_t>) {
        let raw = UnsafeRawPointer(event)
        switch Int32(wh_x11_event_kind(event)) {
        case XCB_EXPOSE:
            let expose = raw.load(as: xcb_expose_event_t.self)
            page.canvas.present(PixelRect(x: Int(expose.x), y: Int(expose.y), width: Int(expose.width), height: Int(expose.height)))
        case XCB_BUTTON_PRESS:
            let press = raw.load(as: xcb_button_press_event_t.self)
            perform(X11Pointer.pressed(button: press.detail, x: press.event_x, y: press.event_y, scale: options.scale), time: press.time)
        case XCB_BUTTON_RELEASE:
            let release = raw.load(as: xcb_button_release_event_t.self)
            perform(X11Pointer.released(button: release.detail, x: release.event_x, y: release.event_y, scale: options.scale), time: release.time)
        case XCB_MOTION_NOTIFY:
            let motion = raw.load(as: xcb_motion_notify_event_t.self)
            perform(X11Pointer.moved(x: motion.event_x, y: motion.event_y, state: motion.state, scale: options.scale), time: motion.time)
        case XCB_KEY_PRESS:
            let key = raw.load(as: xcb_key_press_event_t.self)
            press(keycode: key.detail, state: key.state, time: key.time)
        case XCB_CONFIGURE_NOTIFY:
            let configure = raw.load(as: xcb_configure_notify_event_t.self)
            if configure.window == root.root {
                // The screen grew or shrank: so does the home screen, whose ConfigureNotify follows.
                X11Window.resize(connection: connection, window: window, width: configure.width, height: configure.height)
            } else if configure.window == window {
                resize(width: Int(configure.width), height: Int(configure.height))
            }
        default:
            break  // errors of requests we do not check (a window manager's race), and other events
        }
    }

    /// The window's new size (the screen's, or what a window manager gave it): a new canvas and
    /// the page laid out for it.
    private func resize(width: Int, height: Int) {
        guard width > 0, height > 0, width != page.canvas.width || height != page.canvas.height else { return }
        do {
            page.canvas = try X11Canvas(connection: connection, window: window, screen: root, visual: visual, width: width, height: height)
        } catch {
            feed.note("cannot draw at the new size \(width)×\(height): \(error)")
            return
        }
        page.reload(now: Date())
    }

    // MARK: Tracing

    /// Prints the trace lines of widgets just presented, once the X server has done the drawing:
    /// a round trip, which answers only after every earlier request.
    func traceShown(_ heads: [String]) {
        guard options.traceFrames, !heads.isEmpty else { return }
        let presented = DispatchTime.now()
        free(xcb_get_input_focus_reply(connection, xcb_get_input_focus(connection), nil))
        let shown = DispatchTime.now()
        let tail = ",\"shownMs\":\(Self.milliseconds(presented, shown)),\"committedNs\":\(presented.uptimeNanoseconds),\"shownNs\":\(shown.uptimeNanoseconds)}\n"
        let lines = heads.map { $0 + tail }.joined()
        FileHandle.standardOutput.write(Data(lines.utf8))
    }

    static func milliseconds(_ from: DispatchTime, _ to: DispatchTime) -> String {
        String(format: "%.3f", Double(to.uptimeNanoseconds - from.uptimeNanoseconds) / 1e6)
    }

    /// The screen's visual of id `id`, from its depths' lists.
    private static func visualType(_ screen: UnsafeMutablePointer<xcb_screen_t>, id: xcb_visualid_t) -> UnsafeMutablePointer<xcb_visualtype_t>? {
        var depths = xcb_screen_allowed_depths_iterator(screen)
        while depths.rem > 0 {
            var visuals = xcb_depth_visuals_iterator(depths.data)
            while visuals.rem > 0 {
                if visuals.data.pointee.visual_id == id { return visuals.data }
                xcb_visualtype_next(&visuals)
            }
            xcb_depth_next(&depths)
        }
        return nil
    }
}
