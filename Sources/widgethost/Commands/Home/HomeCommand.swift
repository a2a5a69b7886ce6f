import ArgumentParser
import Foundation
import WidgetHome
import WidgetHostCore
import WidgetHostJSON
import WidgetStoreModel

/// `widgethost home`: the home screen's layout, which `widgethost desktop` and the daemon's
/// `/home` page draw.
struct HomeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "home",
        abstract: "Arrange the home screen: which widget sits in which cell of which page.",
        discussion: """
            The home screen shows every instance (`widgethost instances add`). A widget not \
            placed takes the first free slot, reading across then down; a slot that is taken or \
            does not fit an output's grid sends the widget to the next free one, a new page if \
            need be. A small widget spans 2×2 cells, medium 4×2, large 4×4, extra large 8×4; the \
            accessory families sit in a row of their own. Widgets of one family stack into a             Smart Stack (`home stack`): one slot, one widget shown at a time. Running home             screens follow changes at once.
            """,
        subcommands: [
            HomePlaceCommand.self, HomeUnplaceCommand.self, HomeListCommand.self, HomeStackCommand.self, HomeUnstackCommand.self,
        ])
}

/// A cell given as `X,Y`: column and row, from 0.
struct HomeCell: ExpressibleByArgument {
    let column: Int
    let row: Int

    init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let column = Int(parts[0].trimmingCharacters(in: .whitespaces)),
            let row = Int(parts[1].trimmingCharacters(in: .whitespaces)), column >= 0, row >= 0
        else { return nil }
        self.column = column
        self.row = row
    }

    var defaultValueDescription: String { "\(column),\(row)" }
}

/// An output size given as `WIDTHxHEIGHT`, in points.
struct HomeOutputSize: ExpressibleByArgument {
    let width: Double
    let height: Double

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            width > 0, height > 0, width <= 100_000, height <= 100_000
        else { return nil }
        self.width = width
        self.height = height
    }
}

struct HomePlaceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "place",
        abstract: "Put an instance in a cell of a page.",
        discussion: """
            The cell is the top-left one of the widget's slot. The newest placement wins a \
            contested slot: the widget there moves to the next free one.
            """)

    @Argument(help: ArgumentHelp("The instance id (`widgethost instances list`).", valueName: "id"))
    var id: String

    @Option(help: OptionRange.homePage.help("The page, from the first.", valueName: "page"), transform: OptionRange.homePage.integer)
    var page: Int = 0

    @Option(help: ArgumentHelp("The slot's top-left cell: column and row, from 0.", valueName: "X,Y"))
    var cell: HomeCell = HomeCell(column: 0, row: 0)

    @Option(help: ArgumentHelp("Only on the output of this name (as `widgethost desktop` lists them); every output when left out.", valueName: "name"))
    var output: String?

    @OptionGroup var store: StoreOptions
    @OptionGroup var outputFormat: OutputOptions

    func validate() throws {
        guard cell.column < 1000, cell.row < 1000 else { throw ValidationError("--cell must be below 1000,1000") }
    }

    func run() async throws {
        let shared = try store.openStore()
        guard let placement = try shared.place(
            WidgetInstanceID(rawValue: id), output: output, page: page, column: cell.column, row: cell.row)
        else { throw InstancesCommandError.unknownInstance(id) }
        switch outputFormat.format {
        case .json: try JSONOutput.print(HomePlacementJSON(placement))
        case .text: print("placed \(id) on page \(placement.page) at cell \(placement.column),\(placement.row)" + (output.map { " of \($0)" } ?? ""))
        }
    }
}

struct HomeUnplaceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unplace",
        abstract: "Forget where an instance was put: it takes the first free slot again.")

    @Argument(help: ArgumentHelp("The instance id.", valueName: "id"))
    var id: String

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let shared = try store.openStore()
        guard try shared.instance(WidgetInstanceID(rawValue: id)) != nil else { throw InstancesCommandError.unknownInstance(id) }
        print(try shared.unplace(WidgetInstanceID(rawValue: id)) ? "unplaced \(id)" : "\(id) had no place; it takes the first free slot")
    }
}

struct HomeListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show where each widget sits on an output of a given size.",
        discussion: "Reads the shared store only. `Placed` says whether the user chose the cell or the widget took the first free one.")

    @Option(help: ArgumentHelp("The output's size in points.", valueName: "WIDTHxHEIGHT"))
    var size: HomeOutputSize = HomeOutputSize(argument: "1920x1080")!

    @Option(help: ArgumentHelp("The output's name, for placements made on one output.", valueName: "name"))
    var output: String?

    @OptionGroup var store: StoreOptions
    @OptionGroup var outputFormat: OutputOptions

    func run() async throws {
        let shared = try store.openStore()
        let instances = try shared.instances()
        let placements = try shared.homePlacements()
        let stacks = try shared.homeStacks()
        let arrangement = HomeArrangement(
            instances: instances, placements: placements, stacks: stacks, output: output, width: size.width, height: size.height)
        switch outputFormat.format {
        case .json:
            // `GET /v1/home`'s shape. Available: the last `run` or `refresh` loaded the kind (this
            // reads the store only, loading no bundle).
            let catalog = try shared.catalog()
            let loadedKinds = catalog.recordedAt == nil ? [] : Set(catalog.kinds.keys)
            try JSONOutput.print(HomeLayoutJSON(
                arrangement: arrangement, width: size.width, height: size.height, output: output,
                instances: instances, placements: placements, isAvailable: loadedKinds.contains))
        case .text:
            guard !arrangement.tiles.isEmpty || !arrangement.unplaceable.isEmpty else {
                print("The home screen is empty; add a widget with `widgethost instances add KIND`.")
                return
            }
            let byID = Dictionary(instances.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
            let placed = Set(placements.filter { $0.applies(to: output) }.map(\.instance.rawValue))
            print("\(arrangement.grid.columns)×\(arrangement.grid.rows) cells, \(arrangement.pageCount) page(s)")
            // The Stack column only when there is one: a stack's tile is its member on show.
            let hasStacks = arrangement.tiles.contains { $0.stack != nil }
            print(TextOutput.table(arrangement.tiles) { tile in
                [
                    .init(title: "Id", value: tile.id),
                    .init(title: "Kind", value: byID[tile.id]?.kind ?? "?"),
                    .init(title: "Family", value: tile.family.rawValue),
                    .init(title: "Page", value: String(tile.page)),
                    .init(title: "Cell", value: tile.column.map { "\($0),\(tile.row ?? 0)" } ?? "accessory row"),
                    .init(title: "Placed", value: placed.contains(tile.placementID) ? "yes" : "first free"),
                ] + (hasStacks ? [.init(title: "Stack", value: tile.stack.map(Self.stackText) ?? "")] : [])
            })
            for id in arrangement.unplaceable {
                print("\(id) (\(byID[id]?.family.rawValue ?? "?")) does not fit an output of \(Int(size.width))×\(Int(size.height)) points")
            }
        }
    }

    /// `s2x… 2 of 3 (w1, w2, w3)`: the stack, which member is shown, and its members top first.
    private static func stackText(_ stack: HomeItem.Stack) -> String {
        let position = (stack.members.firstIndex(of: stack.shown) ?? 0) + 1
        return "\(stack.id) \(position) of \(stack.members.count) (\(stack.members.joined(separator: ", ")))"
    }
}
