import ArgumentParser
import WidgetApp
import WidgetHostCore

struct DefaultsWriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Write one value to an App Group.",
        discussion: "Example: widgethost defaults write group.bacon.data pillarsTraversed 42 --type int")

    @OptionGroup var target: GroupKeyArguments
    @Argument(help: ArgumentHelp("The value, as text of its --type.", valueName: "value"))
    var value: String

    @Option(help: "The value's type: bool, int, double, string, data, date or json.")
    var type: StoredValueType = .string

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let group = try target.appGroup()
        let parsed = try ValueParser.parse(value, as: type)
        let sharedStore = store.storeOnFirstUse()
        try AppService(store: sharedStore, source: "cli").set([target.key: parsed], inGroup: group.rawValue)
        let opened = try sharedStore.open()
        store.warnIfNotPrivate()
        GroupCheck.warnIfUndeclared(group, in: opened)
    }
}
