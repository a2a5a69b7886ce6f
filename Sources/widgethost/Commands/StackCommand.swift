import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetHostJSON
import WidgetPayload

/// `widgethost stack`: WidgetKit's Smart Stack for one family, from the registry database: the
/// kinds with a current entry, most relevant first. No bundle is loaded.
struct StackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stack",
        abstract: "Order the kinds of a family as a Smart Stack would, by their entries' relevance.",
        discussion: """
            Reads the registry database like `widgethost status`. A kind takes part when its \
            timeline in the family has an entry current at the moment. Its score is the entry's \
            relevance score while the relevance applies: from the entry's date for its duration, \
            or, for a duration of 0, as long as the entry is current. Otherwise, and without a \
            relevance, the score is 0. Highest score first; equal scores by kind name.
            """)

    @Option(help: ArgumentHelp("The widget family of the stack.", valueName: "family"))
    var family: WidgetFamily = .systemSmall

    @Option(help: ArgumentHelp("Order the stack as of this ISO-8601 date (default: now).", valueName: "date"))
    var at: ISODate?

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let date = at?.date ?? Date()
        let snapshot = try RegistrySnapshot.read(store.location)
        for problem in snapshot.problems { StandardError.print("warning: \(problem)") }
        let items = SmartStack.order(snapshot.records, family: family, at: date)
        switch output.format {
        case .json:
            try JSONOutput.print(StackJSON(
                at: date.isoString, family: family.rawValue, registry: snapshot.url.path,
                registryExists: snapshot.exists,
                items: items.enumerated().map { StackItemJSON($1, rank: $0 + 1) }))
        case .text:
            print(StatusText.stack(items, snapshot: snapshot, family: family, at: date))
        }
    }
}
