import Foundation
import WidgetPayload
import WidgetStoreModel

extension HomeItem {
    /// The home screen's widgets on the output named `output`, from the instances and placements
    /// the store holds, in the order `HomeArrangement` expects: placed widgets newest placement
    /// first, then the others in `instances`' order (the store's: oldest first). A widget placed on
    /// another output is not shown here; one placed on no particular output (or not placed) is
    /// shown on every output.
    public static func items(instances: [WidgetInstance], placements: [HomePlacement], output: String?) -> [HomeItem] {
        let placements = Dictionary(placements.map { ($0.instance, $0) }, uniquingKeysWith: { $0.placedAt > $1.placedAt ? $0 : $1 })
        let shown = instances.filter { placements[$0.id]?.applies(to: output) ?? true }
        let placed = shown.compactMap { instance in placements[instance.id].map { (instance, $0) } }
            .sorted { $0.1.placedAt > $1.1.placedAt }
            .map { instance, placement in
                HomeItem(
                    id: instance.id.rawValue, family: instance.family,
                    placement: Placement(page: placement.page, column: placement.column, row: placement.row))
            }
        let unplaced = shown.filter { placements[$0.id] == nil }
            .map { HomeItem(id: $0.id.rawValue, family: $0.family, placement: nil) }
        return placed + unplaced
    }
}

extension HomeArrangement {
    /// The home screen on the output named `output`, arranged for a `width` × `height` screen
    /// from the store's instances and placements: what `home list`, `GET /v1/home` and the
    /// desktop arrange.
    public init(instances: [WidgetInstance], placements: [HomePlacement], output: String?, width: Double, height: Double) {
        self.init(items: HomeItem.items(instances: instances, placements: placements, output: output), width: width, height: height)
    }
}
