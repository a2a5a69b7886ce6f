import ArgumentParser
import WidgetHostCore
import WidgetHostJSON
import WidgetStoreModel

struct InstancesRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove an instance; its timeline goes with it.",
        discussion: "Works whether or not its bundle is still installed. Adding the widget again gives a new id.")

    @Argument(help: ArgumentHelp("The instance id.", valueName: "id"))
    var id: String

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        guard let removed = try store.openStore().removeInstance(WidgetInstanceID(rawValue: id)) else {
            throw InstancesCommandError.unknownInstance(id)
        }
        try InstanceJSON.print(removed, format: output.format, verb: "removed")
    }
}
