import ArgumentParser
import WidgetHostCore
import WidgetHostJSON

struct TimelineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Show a kind's timeline and reload policy.")

    @OptionGroup var call: CallOptions
    @OptionGroup var host: HostOptions
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("Also show the entry current at this ISO-8601 date: the last one not after it.", valueName: "date"))
    var at: ISODate?

    func run() async throws {
        let bundleHost = host.makeHost()
        try await UnreadableBundleFolders.check(bundleHost) {
            let target = try call.target(in: bundleHost)
            let (widget, family, clock) = (target.widget, target.family, call.clock)
            let timeline = try await bundleHost.timeline(for: widget, in: target.context, instance: target.instance)
            switch output.format {
            case .json:
                try JSONOutput.print(TimelineJSON(
                    kind: widget.kind,
                    family: family.rawValue,
                    instance: target.instance?.rawValue,
                    configuration: target.context.configuration,
                    entries: timeline.entries.map(EntryJSON.init),
                    policy: PolicyJSON(timeline.policy),
                    current: at.map { timeline.entry(at: $0.date).map(EntryJSON.init) }))
            case .text:
                print(TextOutput.timeline(timeline, kind: widget.kind, family: family, at: at?.date))
                if TerminalSize.isTerminal {
                    print(WidgetDrawing(host: bundleHost).terminalPreview(timeline, of: widget, family: family, at: at?.date, now: clock), terminator: "")
                }
            }
        }
    }
}
