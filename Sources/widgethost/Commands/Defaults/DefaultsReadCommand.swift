import ArgumentParser
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
        let store = try store.openStore()
        guard let value = try store.value(forKey: key, in: group) else {
            throw DefaultsCommandError.keyNotFound(group: group.rawValue, key: key)
        }
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
        guard try store.openStore().removeValue(forKey: key, in: group) else {
            throw DefaultsCommandError.keyNotFound(group: group.rawValue, key: key)
        }
    }
}
