import ArgumentParser
import WidgetHostCore
import WidgetHostJSON
import WidgetStore
import WidgetStoreModel

struct InstancesSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change parameters of an instance (the others keep their values), and print it.",
        discussion: "An empty value (--set spot=) puts a parameter back to its default.")

    @Argument(help: ArgumentHelp("The instance id.", valueName: "id"))
    var id: String

    @Option(name: .customLong("set"), help: ArgumentHelp("Set a parameter, e.g. --set spot=harbor. Repeatable.", valueName: "name=value"))
    var assignments: [String] = []

    @OptionGroup var host: HostOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if assignments.isEmpty { throw ValidationError("give at least one --set NAME=VALUE") }
    }

    func run() async throws {
        let sharedStore = host.store.storeOnFirstUse()
        let bundleHost = host.makeHost(sharedStore: sharedStore)
        try await UnreadableBundleFolders.check(bundleHost) {
            let store = try sharedStore.open()
            let resolved = try bundleHost.resolve(instance: WidgetInstanceID(rawValue: id), now: bundleHost.clock.now)
            let configuration = try ConfigurationAssignments.read(
                assignments, for: resolved.widget, over: resolved.instance.configuration)
            _ = try ConfigurationValidator(resolved.widget).validate(configuration)
            guard let changed = try store.setConfiguration(configuration, of: resolved.instance.id) else {
                throw InstancesCommandError.unknownInstance(id)
            }
            try InstanceJSON.print(changed, format: output.format, verb: "changed")
        }
    }
}
