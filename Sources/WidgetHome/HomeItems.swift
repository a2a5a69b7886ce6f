import Foundation
import WidgetPayload

extension HomeItem {
    /// An instance the home screen shows, as its caller read it from the store: its id and family.
    public struct Instance: Sendable, Hashable {
        public let id: String
        public let family: WidgetFamily

        public init(id: String, family: WidgetFamily) {
            self.id = id
            self.family = family
        }
    }

    /// Where the user put an instance, as its caller read it from the store.
    public struct RecordedPlacement: Sendable, Hashable {
        /// The instance's id.
        public let instance: String
        /// The output's name (`DP-1`, `HEADLESS-1`, `browser`), or nil for every output.
        public let output: String?
        public let page: Int
        public let column: Int
        public let row: Int
        /// The newest placement wins a contested cell.
        public let placedAt: Date

        public init(instance: String, output: String?, page: Int, column: Int, row: Int, placedAt: Date) {
            self.instance = instance
            self.output = output
            self.page = page
            self.column = column
            self.row = row
            self.placedAt = placedAt
        }

        /// True when this placement applies on the output named `name`.
        public func applies(to name: String?) -> Bool {
            output == nil || output == name
        }
    }

    /// The home screen's widgets on the output named `output`, from the instances and placements
    /// the store holds, in the order `HomeArrangement` expects: placed widgets newest placement
    /// first, then the others in `instances`' order (the store's: oldest first). A widget placed on
    /// another output is not shown here; one placed on no particular output (or not placed) is
    /// shown on every output.
    public static func items(instances: [Instance], placements: [RecordedPlacement], output: String?) -> [HomeItem] {
        let placements = Dictionary(placements.map { ($0.instance, $0) }, uniquingKeysWith: { $0.placedAt > $1.placedAt ? $0 : $1 })
        let shown = instances.filter { placements[$0.id]?.applies(to: output) ?? true }
        let placed = shown.compactMap { instance in placements[instance.id].map { (instance, $0) } }
            .sorted { $0.1.placedAt > $1.1.placedAt }
            .map { instance, placement in
                HomeItem(
                    id: instance.id, family: instance.family,
                    placement: Placement(page: placement.page, column: placement.column, row: placement.row))
            }
        let unplaced = shown.filter { placements[$0.id] == nil }
            .map { HomeItem(id: $0.id, family: $0.family, placement: nil) }
        return placed + unplaced
    }
}
