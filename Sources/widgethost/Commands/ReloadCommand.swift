import ArgumentParser
import WidgetApp
import WidgetHostCore

/// `widgethost reload`: WidgetCenter's reloadTimelines(ofKind:) and reloadAllTimelines(), from
/// the command line. The request is recorded in the shared store and the running host is woken;
/// with no host running it waits for the next `widgethost run` or `refresh`.
struct ReloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Ask the host for fresh timelines of some kinds, or of all of them.")

    @Argument(help: ArgumentHelp("The kinds to reload.", valueName: "kind"))
    var kinds: [String] = []

    @Flag(help: "Reload every kind.")
    var all = false

    @Flag(help: "Reload at once, outside the refresh budget and any backoff (a user's explicit reload).")
    var force = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if all && !kinds.isEmpty { throw ValidationError("give either kinds or --all, not both") }
        if !all && kinds.isEmpty { throw ValidationError("name at least one kind, or pass --all") }
    }

    func run() async throws {
        let sharedStore = store.storeOnFirstUse()
        let service = AppService(store: sharedStore, source: "cli", kinds: InstalledKinds(store: sharedStore))
        let reload = all
            ? try service.reloadAllTimelines(forced: force)
            : try service.reloadTimelines(ofKinds: kinds, forced: force)
        let (requests, delivered) = (reload.requests, reload.deliveredToRunningHost)
        switch output.format {
        case .json:
            try JSONOutput.print(ReloadJSON(requests: requests.map(ReloadRequestJSON.init), deliveredToRunningHost: delivered))
        case .text:
            let what = all ? "every kind" : kinds.joined(separator: ", ")
            print(delivered
                ? "Asked the running host to reload \(what)."
                : "No host is running; the request to reload \(what) waits in the store for the next `widgethost run` or `refresh`.")
        }
    }
}
