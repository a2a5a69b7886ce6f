import ArgumentParser
import WidgetHostCore
import WidgetHostJSON

struct PlaceholderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "placeholder",
        abstract: "Show a kind's placeholder entry.")

    @OptionGroup var call: CallOptions
    @OptionGroup var host: HostOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let bundleHost = host.makeHost()
        try await UnreadableBundleFolders.check(bundleHost) {
            let (widget, family) = try bundleHost.resolve(kind: call.kind, family: call.family)
            let entry = try await bundleHost.placeholder(for: widget, in: CallContext(family: family, now: call.clock))
            try EntryPrinter.print(entry, kind: widget.kind, family: family, call: .placeholder, format: output.format)
        }
    }
}

/// Prints the answer of a placeholder or snapshot call.
enum EntryPrinter {
    static func print(_ entry: WidgetEntry, kind: String, family: WidgetFamily, call: ProviderCall, format: OutputFormat) throws {
        switch format {
        case .json: try JSONOutput.print(SingleEntryJSON(kind: kind, family: family.rawValue, entry: EntryJSON(entry)))
        case .text: Swift.print(TextOutput.entry(entry, kind: kind, family: family, call: call))
        }
    }
}
