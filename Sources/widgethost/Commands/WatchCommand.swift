import ArgumentParser
import Foundation
import WidgetDaemon
import WidgetHostCore
import WidgetPanel
import WidgetPayload
import WidgetServer

/// `widgethost watch`: widgets for desktop panels (Waybar, Eww), a line per change, from the
/// running daemon's API; see docs/panels.md.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print widgets for a desktop panel: the current state, then a line each time one changes.",
        discussion: """
            Reads the daemon that `widgethost run` started on the same data folder, through the \
            address it writes to http.address there: waits for one that is not up yet, and \
            reconnects when it restarts. Nothing is polled: a line comes when the daemon's event \
            stream says a widget changed. One family per kind: --family, else accessoryInline \
            where the kind supports it, else its first. jsonl prints the API's WidgetState \
            (docs/openapi.yaml); waybar prints Waybar's custom-module JSON. See docs/panels.md.
            """)

    @Argument(help: ArgumentHelp("The kinds to show (default: every kind the daemon serves).", valueName: "kind"))
    var kinds: [String] = []

    @Option(help: ArgumentHelp("The family to show for each kind (default: accessoryInline where supported, else the kind's first).", valueName: "family"))
    var family: WidgetFamily?

    @Option(help: "jsonl (one WidgetState object per line) or waybar (Waybar's custom-module JSON).")
    var format: PanelFormat = .jsonl

    @OptionGroup var store: StoreOptions

    func run() async throws {
        // Typos are refused at once, as by `reload`, rather than waited on forever.
        if !kinds.isEmpty { try InstalledKinds.check(kinds, store: store.storeOnFirstUse()) }
        let folder = store.location.directory
        let watcher = PanelWatcher(
            selection: WidgetSelection(kinds: kinds, family: family?.rawValue), format: format,
            addressLine: { ServerAddressFile.read(in: folder) },
            output: StandardOutputLine.write,
            note: { StandardError.print("watch: \($0)") })
        let watching = Task { try await watcher.run() }
        let signals = ShutdownSignals { watching.cancel() }
        defer { signals.cancel() }
        do {
            try await watching.value
        } catch is CancellationError {
            return  // SIGINT or SIGTERM: a clean end
        } catch let error as StandardOutputLine.WriteFailed where error.readerWentAway {
            return  // the panel closed the pipe: nobody is left to tell
        }
    }
}

extension PanelFormat: ExpressibleByArgument {}
