import ArgumentParser
import WidgetHostCore

/// Where the shared store is.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The folder holding the shared store and App Group containers (default: $WIDGETHOST_DATA_DIR, else $XDG_DATA_HOME/widgethost, else ~/.local/share/widgethost).",
        valueName: "dir"))
    var dataDir: String?

    var location: StoreLocation { StoreLocation.resolve(override: dataDir) }

    func openStore() throws(StoreError) -> SharedStore {
        let store = try SharedStore.shared(at: location)
        if let warning = DataFolderPrivacy.takeWarning(for: location) { StandardError.print("warning: \(warning)") }
        return store
    }
}
