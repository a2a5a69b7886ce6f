import ArgumentParser
import WidgetHostCore

struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Show a kind's snapshot entry.")

    @OptionGroup var call: CallOptions
    @OptionGroup var host: HostOptions
    @OptionGroup var output: OutputOptions

    @Flag(help: "Ask as a gallery preview would (context.isPreview).")
    var preview = false

    func run() async throws {
        let bundleHost = host.makeHost()
        try await UnreadableBundleFolders.check(bundleHost) {
            let target = try call.target(in: bundleHost, isPreview: preview)
            let entry = try await bundleHost.snapshot(for: target.widget, in: target.context, instance: target.instance)
            try EntryPrinter.print(entry, of: target, call: .snapshot, format: output.format)
        }
    }
}
