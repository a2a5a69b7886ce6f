import ArgumentParser
import WidgetHostJSON

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every widget kind the loaded bundles declare.")

    @OptionGroup var host: HostOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let bundleHost = host.makeHost()
        try await UnreadableBundleFolders.check(bundleHost) {
            let widgets = bundleHost.bundles.catalog.widgets
            switch output.format {
            case .json: try JSONOutput.print(widgets.map(KindJSON.init))
            case .text: print(TextOutput.kinds(widgets))
            }
        }
    }
}
