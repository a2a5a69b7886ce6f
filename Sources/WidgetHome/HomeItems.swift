import Foundation
import WidgetPayload
import WidgetStoreModel

extension HomeItem {
    /// The home screen's widgets on the output named `output`, from the instances, placements and
    /// Smart Stacks the store holds, in the order `HomeArrangement` expects: placed widgets newest
    /// placement first, then the others in `instances`' order (the store's: oldest first). A widget
    /// placed on another output is not shown here; one placed on no particular output (or not
    /// placed) is shown on every output.
    ///
    /// A stack is one item: its member on show, with the stack's place (its top member's
    /// placement); its other members are not items of their own. An unplaced stack comes where
    /// its oldest member would. Members missing from `instances` (removed between two reads) are
    /// left out of the stack.
    public static func items(
        instances: [WidgetInstance], placements: [HomePlacement], stacks: [HomeStack] = [], output: String?
    ) -> [HomeItem] {
        let placements = Dictionary(placements.map { ($0.instance, $0) }, uniquingKeysWith: { $0.placedAt > $1.placedAt ? $0 : $1 })
        let known = Set(instances.map(\.id))
        var stackOf: [WidgetInstanceID: HomeStack] = [:]
        for var stack in stacks {
            stack.members = stack.members.filter { known.contains($0) && stackOf[$0] == nil }
            guard !stack.members.isEmpty else { continue }
            for member in stack.members { stackOf[member] = stack }
        }
        // One entry per slot: a lone instance, or a stack at its first member in `instances`' order.
        var seenStacks = Set<HomeStackID>()
        let slots = instances.filter { instance in
            guard let stack = stackOf[instance.id] else { return true }
            return seenStacks.insert(stack.id).inserted
        }
        func holder(_ instance: WidgetInstance) -> WidgetInstanceID { stackOf[instance.id]?.top ?? instance.id }
        func item(_ instance: WidgetInstance, _ placement: Placement?) -> HomeItem {
            guard let stack = stackOf[instance.id], let shown = stack.shownMember else {
                return HomeItem(id: instance.id.rawValue, family: instance.family, placement: placement)
            }
            return HomeItem(id: shown.rawValue, family: instance.family, placement: placement, stack: Stack(stack))
        }

        let shown = slots.filter { placements[holder($0)]?.applies(to: output) ?? true }
        let placed = shown.compactMap { instance in placements[holder(instance)].map { (instance, $0) } }
            .sorted { $0.1.placedAt > $1.1.placedAt }
            .map { instance, placement in item(instance, Placement(page: placement.page, column: placement.column, row: placement.row)) }
        let unplaced = shown.filter { placements[holder($0)] == nil }.map { item($0, nil) }
        return placed + unplaced
    }
}

extension HomeArrangement {
    /// The home screen on the output named `output`, arranged for a `width` × `height` screen
    /// from the store's instances, placements and Smart Stacks: what `home list`, `GET /v1/home`
    /// and the desktop arrange.
    public init(
        instances: [WidgetInstance], placements: [HomePlacement], stacks: [HomeStack] = [], output: String?, width: Double,
        height: Double
    ) {
        self.init(
            items: HomeItem.items(instances: instances, placements: placements, stacks: stacks, output: output), width: width,
            height: height)
    }
}

extension HomeItem.Stack {
    /// A stack as the store holds it; `shown` is its member on show (empty for a stack with no
    /// members, which the store never keeps).
    public init(_ stack: HomeStack) {
        self.init(
            id: stack.id.rawValue, members: stack.members.map(\.rawValue), shown: stack.shownMember?.rawValue ?? "",
            smartRotate: stack.smartRotate)
    }
}
