import ArgumentParser
import Foundation
import WidgetDesktop
import WidgetDesktopWayland
import WidgetDesktopX11
import WidgetHostCore
import WidgetPayload
import WidgetServer

/// `widgethost desktop`: the home screen on the Linux desktop, live and tappable.
struct DesktopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "desktop",
        abstract: "Show the widgets on the desktop, below the windows: live, and tappable.",
        discussion: """
            Draws every instance (`widgethost instances add`) on a grid the way iOS's home \
            screen does, in the cells `widgethost home place` recorded, on each output (or the \
            one --output names). Follows the daemon that `widgethost run` started on the same \
            data folder, as `watch` does: waits for it, reconnects after a restart, and redraws \
            only the widgets that changed. A click or tap on a button or toggle performs its \
            intent; on a link, opens it. Scroll or swipe to change pages. On Wayland it is a \
            layer-shell surface (Sway, Hyprland, river, labwc, niri, Wayfire, KDE Plasma); on \
            X11 (or where the compositor has no layer-shell, through Xwayland) a window of the \
            desktop's type, below the others, on every workspace.
            """)

    @Option(help: ArgumentHelp(
        "auto (Wayland where WAYLAND_DISPLAY is set and the compositor has layer-shell, else X11 where DISPLAY is set), wayland or x11.",
        valueName: "backend"))
    var backend: DesktopBackend = .auto

    @Option(
        help: OptionRange.desktopScale.help("X11 only: device pixels per point; GDK_SCALE, else 1, when left out.", valueName: "scale"),
        transform: OptionRange.desktopScale.double)
    var scale: Double?

    @Option(help: ArgumentHelp("Show on this output only (its name, e.g. DP-1); every output when left out.", valueName: "name"))
    var output: String?

    @Option(help: "Wayland only: background (with the wallpaper) or bottom (above it, below the windows).")
    var layer: WaylandDesktop.Options.Layer = .bottom

    @Option(help: ArgumentHelp("\(AppearanceOption.choices); follows the desktop's setting (xdg-desktop-portal) when left out.", valueName: "appearance"))
    var appearance: ColorSchemeName?

    @Flag(help: ArgumentHelp("Print a JSON line per widget drawn: its render time and the time until the compositor showed it.", visibility: .hidden))
    var traceFrames = false

    @OptionGroup var store: StoreOptions

    func run() async throws {
        Self.handLargeBlocksBack()
        let folder = store.location.directory
        let screen = HomeScreen(storeLocation: store.location)
        let feed = HomeScreenFeed(
            screen: screen, addressLine: { ServerAddressFile.read(in: folder) },
            token: { try? String(contentsOf: folder.appendingPathComponent("http.token"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) },
            note: { StandardError.print("desktop: \($0)") })
        if let appearance {
            screen.setAppearance(appearance)
        } else {
            if let scheme = DesktopAppearance.read() { screen.setAppearance(scheme) }
            DesktopAppearance.follow { screen.setAppearance($0) }
        }
        let shower = DesktopShower(
            backend: backend, screen: screen, feed: feed,
            wayland: WaylandDesktop.Options(output: output, layer: layer, traceFrames: traceFrames),
            x11: X11Desktop.Options(output: output, scale: scale, traceFrames: traceFrames))
        let following = Task { try await feed.run() }
        // No signal handler: SIGINT and SIGTERM end the process as they are (there is nothing to
        // save; a listener's socket left behind is removed by the next notification), and
        // handling them would wake libdispatch's pool, which the desktop keeps idle.
        // The first of the two to end ends the command: the feed (a signal cancelled it, or it
        // failed) or the desktop's thread (the compositor went away). Neither is awaited past
        // that: the thread blocked in poll ends with the process.
        let (ended, end) = AsyncStream<Result<Void, any Error>>.makeStream()
        Task {
            do {
                try await following.value
                end.yield(.success(()))
            } catch {
                end.yield(.failure(error))
            }
        }
        // The backend's objects (Wayland's, X11's) live on this one thread.
        let thread = Thread {
            end.yield(Result { try shower.show() })
        }
        thread.stackSize = 4 << 20
        thread.start()
        for await outcome in ended {
            switch outcome {
            case .success: return
            case .failure(let error) where error is CancellationError: return
            case .failure(let error): throw error
            }
        }
    }
}

extension DesktopCommand {
    /// glibc's malloc raises its mmap threshold to the largest block freed so far (up to
    /// 32 MiB), so once a sheet's large buffers have come and gone, blocks that size come from the
    /// drawing thread's arena and its pages stay the process's after they are freed: the desktop
    /// was 6 to 9 MiB larger at rest after an edit session (BENCHMARKS.md, "The home screen,
    /// edited"). Setting the threshold fixes it at glibc's default, 128 KiB: every larger block
    /// is mapped for itself and handed back when freed.
    static func handLargeBlocksBack() {
        // `mallopt` is not in Swift's Glibc module; M_MMAP_THRESHOLD is -3 in malloc.h.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-3, 128 << 10)
    }
}

extension WaylandDesktop.Options.Layer: ExpressibleByArgument {}

/// Which display system `widgethost desktop` shows the home screen on.
enum DesktopBackend: String, CaseIterable, ExpressibleByArgument, Sendable {
    case auto, wayland, x11
}

/// Chooses the backend and runs it, on the thread that calls `show()` (which then owns the
/// backend's objects).
struct DesktopShower: Sendable {
    let backend: DesktopBackend
    let screen: HomeScreen
    let feed: HomeScreenFeed
    let wayland: WaylandDesktop.Options
    let x11: X11Desktop.Options

    func show() throws(HomeScreenError) {
        switch backend {
        case .wayland:
            try WaylandDesktop(screen: screen, feed: feed, options: wayland).run()
        case .x11:
            try X11Desktop(screen: screen, feed: feed, options: x11).run()
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            let hasX11 = environment["DISPLAY"].map { !$0.isEmpty } ?? false
            if environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) ?? false {
                let desktop: WaylandDesktop
                do {
                    desktop = try WaylandDesktop(screen: screen, feed: feed, options: wayland)
                } catch {
                    // No layer-shell (GNOME's Mutter) or no compositor after all: the X11 window
                    // (Xwayland's, on GNOME) is the home screen there.
                    guard hasX11 else { throw error }
                    feed.note("\(error); showing an X11 window instead (DISPLAY=\(environment["DISPLAY"] ?? ""))")
                    try X11Desktop(screen: screen, feed: feed, options: x11).run()
                    return
                }
                try desktop.run()
            } else if hasX11 {
                try X11Desktop(screen: screen, feed: feed, options: x11).run()
            } else {
                throw .noDisplay("neither WAYLAND_DISPLAY nor DISPLAY is set")
            }
        }
    }
}
