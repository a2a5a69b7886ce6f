import ArgumentParser
import WidgetHostCore
import WidgetHostJSON
import WidgetStoreModel

struct InstancesListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show every instance: id, kind, family and configuration.",
        discussion: """
            Reads the shared store only; no bundle is loaded. An instance whose kind the last \
            `run` or `refresh` did not load is marked unavailable: it is kept, but not called.
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let store = try store.openStore()
        let instances = try store.instances()
        let catalog = try store.catalog()
        let loadedKinds = catalog.recordedAt == nil ? nil : Set(catalog.kinds.keys)
        let available = { (instance: WidgetInstance) -> Bool? in loadedKinds.map { $0.contains(instance.kind) } }
        switch output.format {
        case .json:
            try JSONOutput.print(instances.map { InstanceJSON($0, available: available($0)) })
        case .text:
            guard !instances.isEmpty else {
                print("No instances; add one with `widgethost instances add KIND`.")
                return
            }
            print(TextOutput.table(instances) { instance in
                [
                    .init(title: "Id", value: instance.id.rawValue),
                    .init(title: "Kind", value: instance.kind + (available(instance) == false ? " (unavailable)" : "")),
                    .init(title: "Family", value: instance.family.rawValue),
                    .init(title: "Configuration", value: TextOutput.truncated(ConfigurationText(instance.configuration).description)),
                ]
            })
        }
    }
}
