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
            let target = try call.target(in: bundleHost)
            let entry = try await bundleHost.placeholder(for: target.widget, in: target.context, instance: target.instance)
            try EntryPrinter.print(entry, of: target, call: .placeholder, format: output.format)
        }
    }
}

/// Prints the answer of a placeholder or snapshot call.
enum EntryPrinter {
    static func print(_ entry: WidgetEntry, of target: CallTarget, call: ProviderCall, format: OutputFormat) throws {
        switch format {
        case .json:
            try JSONOutput.print(SingleEntryJSON(
                kind: target.widget.kind, family: target.family.rawValue, instance: target.instance?.rawValue,
                configuration: target.context.configuration, entry: EntryJSON(entry)))
        case .text:
            Swift.print(TextOutput.entry(entry, kind: target.widget.kind, family: target.family, call: call))
        }
    }
}
