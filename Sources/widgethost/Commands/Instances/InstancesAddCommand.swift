import ArgumentParser
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload
import WidgetStore

struct InstancesAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an instance of a kind, with its configuration, and print it.")

    @Argument(help: "The widget kind.")
    var kind: String

    @Option(help: ArgumentHelp("The widget family (default: the kind's first supported family).", valueName: "family"))
    var family: WidgetFamily?

    @Option(name: .customLong("set"), help: ArgumentHelp("Set a parameter, e.g. --set spot=harbor. Repeatable; the others keep their defaults.", valueName: "name=value"))
    var assignments: [String] = []

    @OptionGroup var host: HostOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let sharedStore = host.store.storeOnFirstUse()
        let bundleHost = host.makeHost(sharedStore: sharedStore)
        try await UnreadableBundleFolders.check(bundleHost) {
            let (widget, family) = try bundleHost.resolve(kind: kind, family: family)
            let configuration = try ConfigurationAssignments.read(assignments, for: widget)
            // Checked whole before anything is stored: a wrong value stores nothing.
            _ = try ConfigurationValidator(widget).validate(configuration)
            let instance = try sharedStore.open().addInstance(
                kind: widget.kind, family: family, configuration: configuration)
            try InstanceJSON.print(instance, format: output.format, verb: "added")
        }
    }
}
