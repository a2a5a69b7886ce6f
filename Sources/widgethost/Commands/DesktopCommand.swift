import ArgumentParser
import Foundation
import WidgetDesktop
import WidgetDaemon
import WidgetDesktopWayland
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
            layer-shell surface (Sway, Hyprland, river, labwc, niri, Wayfire, KDE Plasma).
            """)

    @Option(help: ArgumentHelp("Show on this output only (its name, e.g. DP-1); every output when left out.", valueName: "name"))
    var output: String?

    @Option(help: "background (with the wallpaper) or bottom (above it, below the windows).")
    var layer: WaylandDesktop.Options.Layer = .bottom

    @Option(help: ArgumentHelp("light or dark; follows the desktop's setting (xdg-desktop-portal) when left out.", valueName: "appearance"))
    var appearance: ColorSchemeName?

    @Flag(help: ArgumentHelp("Print a JSON line per widget drawn: its render time and the time until the compositor showed it.", visibility: .hidden))
    var traceFrames = false

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let folder = store.location.directory
        let screen = HomeScreen(storeLocation: store.location)
        let feed = HomeScreenFeed(
            screen: screen, addressLine: { ServerAddressFile.read(in: folder) },
            token: { try? String(contentsOf: folder.appendingPathComponent("http.token"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) },
            note: { StandardError.print("desktop: \($0)") })
        var monitor: Process?
        if let appearance {
            screen.setAppearance(appearance)
        } else {
            if let scheme = DesktopAppearance.read() { screen.setAppearance(scheme) }
            monitor = DesktopAppearance.follow { screen.setAppearance($0) }
        }
        defer { monitor?.terminate() }
        let options = WaylandDesktop.Options(output: output, layer: layer, traceFrames: traceFrames)
        let following = Task { try await feed.run() }
        let signals = ShutdownSignals { following.cancel() }
        defer { signals.cancel() }
        let shown = Task.detached { () throws -> Void in
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Wayland's objects live on this one thread (WaylandDesktop).
                let thread = Thread {
                    continuation.resume(with: Result { try WaylandDesktop(screen: screen, feed: feed, options: options).run() })
                }
                thread.stackSize = 4 << 20
                thread.start()
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await following.value }
            group.addTask { try await shown.value }
            do {
                try await group.next()
            } catch is CancellationError {
                return
            }
        }
    }
}

extension WaylandDesktop.Options.Layer: ExpressibleByArgument {}
