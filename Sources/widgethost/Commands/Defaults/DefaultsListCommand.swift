import ArgumentParser
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload

struct DefaultsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show every key of an App Group with its type, value and when it was written.")

    @Argument(help: ArgumentHelp("The App Group.", valueName: "group"))
    var group: String

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let group = try AppGroupID(validating: group)
        let store = try store.openStore()
        let entries = try store.entries(in: group)
        switch output.format {
        case .json:
            try JSONOutput.print(DefaultsListJSON(
                group: group.rawValue,
                values: entries.map { DefaultsValueJSON(group: nil, key: $0.key, value: $0.value, updatedAt: $0.updatedAt) }))
        case .text:
            if entries.isEmpty {
                print("'\(group)' holds no values.")
            } else {
                print(TextOutput.table(entries) { entry in
                    [
                        .init(title: "Key", value: entry.key),
                        .init(title: "Type", value: entry.value.type.rawValue),
                        .init(title: "Value", value: TextOutput.truncated(ValueParser.text(of: entry.value))),
                        .init(title: "Updated", value: entry.updatedAt.isoString),
                    ]
                })
            }
        }
        GroupCheck.warnIfUndeclared(group, in: store)
    }
}
