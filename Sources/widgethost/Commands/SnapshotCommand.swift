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
            let (widget, family) = try bundleHost.resolve(kind: call.kind, family: call.family)
            let context = CallContext(family: family, isPreview: preview, now: call.clock)
            let entry = try await bundleHost.snapshot(for: widget, in: context)
            try EntryPrinter.print(entry, kind: widget.kind, family: family, call: .snapshot, format: output.format)
        }
    }
}
