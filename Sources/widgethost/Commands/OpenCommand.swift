import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetPanel
import WidgetPayload
import WidgetServer

/// `widgethost open`: opens a widget's URL, for a panel's `on-click`; see docs/panels.md.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a widget's URL (its widgetURL): what a click on it does, for a panel's on-click.",
        discussion: """
            Asks the daemon that `widgethost run` started on the same data folder (through the \
            address it writes to http.address there) for the widget's current URL, then runs \
            --open-url-command here, with the URL as its last argument, and prints the URL. \
            Without --family, the family `widgethost watch` shows for the kind. With \
            --open-url-command none it only prints the URL. Waybar: \
            "on-click": "widgethost open CounterWidget". See docs/panels.md.
            """)

    @Argument(help: ArgumentHelp("The widget's kind.", valueName: "kind"))
    var kind: String

    @Option(help: ArgumentHelp("The family (default: the one `watch` shows: accessoryInline where supported, else the kind's first).", valueName: "family"))
    var family: WidgetFamily?

    @Option(help: ArgumentHelp("A user-added instance of the kind, by id (`widgethost instances list`).", valueName: "id"))
    var instance: String?

    @OptionGroup var openURL: OpenURLOptions

    @OptionGroup var store: StoreOptions

    func validate() throws {
        if family != nil && instance != nil {
            throw ValidationError("--family and --instance exclude each other: an instance has its own family")
        }
        _ = try openURL.command()
    }

    func run() async throws {
        let folder = store.location.directory
        let lookup = WidgetURLLookup(kind: kind, family: family?.rawValue, instance: instance,
                                     addressLine: { ServerAddressFile.read(in: folder) })
        let url = try await lookup.find().url
        let opening = await URLOpener(command: try openURL.command()).open(url)
        // Printed whatever came of it: with `none`, or when the command failed, the user can
        // still copy it.
        try StandardOutputLine.write(url)
        if !opening.opened && opening.command != nil {
            StandardError.print("open: \(opening.reason ?? "the URL was not opened")")
            throw ExitCode(1)
        }
    }
}
