import ArgumentParser
import WidgetStore
import WidgetStoreModel
import WidgetStoreModel

/// Where the shared store is.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The folder holding the shared store and App Group containers (default: $WIDGETHOST_DATA_DIR, else $XDG_DATA_HOME/widgethost, else ~/.local/share/widgethost).",
        valueName: "dir"))
    var dataDir: String?

    var location: StoreLocation { StoreLocation.resolve(override: dataDir) }

    /// The shared store, opened now for this command; a data folder that could not be made
    /// private is warned about on standard error.
    func openStore() throws(StoreError) -> SharedStore {
        let store = try SharedStore.open(location)
        warnIfNotPrivate()
        return store
    }

    /// Prints the warning opening the store left, if the data folder could not be made private.
    func warnIfNotPrivate() {
        if let warning = DataFolderPrivacy.takeWarning(for: location) { StandardError.print("warning: \(warning)") }
    }

    /// The shared store, opened when first needed: what a host is given, since most commands
    /// never touch the store (and then make no data folder).
    func storeOnFirstUse() -> LazySharedStore {
        LazySharedStore(location: location)
    }
}
