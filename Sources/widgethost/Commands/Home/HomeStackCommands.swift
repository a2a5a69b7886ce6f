import ArgumentParser
import Foundation
import WidgetHostJSON
import WidgetStoreModel

/// `widgethost home stack DROPPED --onto TARGET`: a Smart Stack, as dropping one widget on
/// another of its family makes one on iOS.
struct HomeStackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stack",
        abstract: "Drop an instance onto another of its family: together they make a Smart Stack.",
        discussion: """
            The stack takes the target's place (a stack of the target's own, or the target's \
            stack), with the dropped widget on top and shown; the dropped widget leaves any stack \
            it was in and loses its own place. Dropping a member on its own stack brings it to \
            the top. Both must be of the same system family (small, medium, large, extra large).
            """)

    @Argument(help: ArgumentHelp("The instance dropped (`widgethost instances list`).", valueName: "id"))
    var id: String

    @Option(help: ArgumentHelp("The instance it is dropped on, alone or in a stack.", valueName: "id"))
    var onto: String

    @OptionGroup var store: StoreOptions
    @OptionGroup var outputFormat: OutputOptions

    func run() async throws {
        let shared = try store.openStore()
        let stack = try shared.stack(WidgetInstanceID(rawValue: id), onto: WidgetInstanceID(rawValue: onto))
        switch outputFormat.format {
        case .json: try JSONOutput.print(HomeLayoutJSON.StackJSON(stack))
        case .text:
            let members = stack.members.map(\.rawValue).joined(separator: ", ")
            print("stacked \(id) onto \(onto): stack \(stack.id) holds \(members) (top first); \(id) is shown")
        }
    }
}

/// `widgethost home unstack ID`: takes a widget out of its Smart Stack.
struct HomeUnstackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unstack",
        abstract: "Take an instance out of its Smart Stack: it takes the first free slot.",
        discussion: """
            The stack stays where it was; a stack left with one widget is no stack any more, and \
            that widget keeps its place.
            """)

    @Argument(help: ArgumentHelp("The instance id.", valueName: "id"))
    var id: String

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let shared = try store.openStore()
        let instance = WidgetInstanceID(rawValue: id)
        guard try shared.instance(instance) != nil else { throw InstancesCommandError.unknownInstance(id) }
        guard let stack = try shared.stack(containing: instance) else {
            print("\(id) is in no stack")
            return
        }
        try shared.unstack(instance)
        let rest = stack.members.filter { $0 != instance }
        if rest.count == 1, let last = rest.first {
            print("took \(id) out of stack \(stack.id); it takes the first free slot, and \(last), left alone, keeps the stack's place")
        } else {
            print("took \(id) out of stack \(stack.id); it takes the first free slot")
        }
    }
}
