import ArgumentParser
import WidgetHostCore
import WidgetHostJSON

struct InstancesOptionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "options",
        abstract: "Show the values an entity parameter offers (its query's suggested entities).",
        discussion: """
            The bundle is asked at run time, as WidgetKit's edit sheet asks an EntityQuery; an enum's cases are in \
            `widgethost list --format json`. With --matching, only the entities found by that text, for a parameter \
            whose query searches (an EntityStringQuery: "searchable" in `widgethost list --format json`).
            """)

    @Argument(help: "The widget kind.")
    var kind: String

    @Argument(help: ArgumentHelp("The entity parameter.", valueName: "parameter"))
    var parameter: String

    @Option(help: ArgumentHelp("Only the entities this text finds (a searchable parameter).", valueName: "text"))
    var matching: String?

    @OptionGroup var host: HostOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let bundleHost = host.makeHost()
        try await UnreadableBundleFolders.check(bundleHost) {
            let options = if let matching {
                try await bundleHost.entityOptions(kind: kind, parameter: parameter, matching: matching)
            } else {
                try await bundleHost.entityOptions(kind: kind, parameter: parameter)
            }
            switch output.format {
            case .json:
                try JSONOutput.print(options.map { ParameterJSON.OptionJSON(value: $0.value, title: $0.title) })
            case .text:
                guard !options.isEmpty else {
                    print(matching.map { "\(kind) has no \(parameter) matching “\($0)”." } ?? "\(kind) offers no \(parameter) yet.")
                    return
                }
                print(TextOutput.table(options) { option in
                    [.init(title: "Value", value: option.value), .init(title: "Title", value: option.title)]
                })
            }
        }
    }
}
