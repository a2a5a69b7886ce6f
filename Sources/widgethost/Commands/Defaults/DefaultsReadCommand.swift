import ArgumentParser
import WidgetApp
import WidgetHostCore

struct DefaultsReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Print one value of an App Group; fails when the key has none.")

    @OptionGroup var target: GroupKeyArguments

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let (group, key) = (try target.appGroup(), target.key)
        let value = try AppService(store: store.storeOnFirstUse(), source: "cli").value(forKey: key, inGroup: group.rawValue)
        switch output.format {
        case .json: try JSONOutput.print(DefaultsValueJSON(group: group.rawValue, key: key, value: value, updatedAt: nil))
        case .text: print(ValueParser.text(of: value))
        }
    }
}

struct DefaultsDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Remove one value from an App Group; fails when the key has none.")

    @OptionGroup var target: GroupKeyArguments

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let (group, key) = (try target.appGroup(), target.key)
        let service = AppService(store: store.storeOnFirstUse(), source: "cli")
        // Fails, naming the key, when the group has no value for it.
        _ = try service.value(forKey: key, inGroup: group.rawValue)
        try service.remove([key], fromGroup: group.rawValue)
    }
}
