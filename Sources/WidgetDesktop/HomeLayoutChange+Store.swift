import WidgetHome
import WidgetPayload
import WidgetStore
import WidgetStoreModel

/// What applying an edit left for the backend to do: nothing (the store's reload follows), or a
/// sheet the desktop does not draw yet (the gallery, Edit Widget).
public enum HomeEditOutcome: Sendable, Hashable {
    case applied
    case needsSheet(HomeLayoutChange)
}

/// Why an edit made on the home screen could not be written.
public struct HomeEditError: Error, Sendable, CustomStringConvertible {
    public let change: HomeLayoutChange
    public let reason: StoreError

    public var description: String { "the edit \(change) was not saved: \(reason)" }
}

extension HomeLayoutChange {
    /// Writes the change into `store` (placements made for `output`), as the CLI and the API do:
    /// the store then wakes every home screen, this one included, whose reload shows the result.
    /// Sheets (and a configuration, which the daemon saves) are not the store's: they come back as `.needsSheet`.
    @discardableResult
    public func apply(to store: SharedStore, output: String?) throws(HomeEditError) -> HomeEditOutcome {
        do throws(StoreError) {
            switch self {
            case .place(let placements):
                let cells = placements.map { placement in
                    SharedStore.HomeCell(
                        instance: WidgetInstanceID(rawValue: placement.instance), page: placement.page, column: placement.column,
                        row: placement.row)
                }
                try store.placeAll(cells, output: output)
            case .stack(let dropped, let onto):
                try store.stack(WidgetInstanceID(rawValue: dropped), onto: WidgetInstanceID(rawValue: onto))
            case .remove(let instance):
                try store.removeInstance(WidgetInstanceID(rawValue: instance))
            case .add(let kind, let family, let page, let column, let row):
                let instance = try store.addInstance(kind: kind, family: family, configuration: [:])
                try store.placeAll([SharedStore.HomeCell(instance: instance.id, page: page, column: column, row: row)], output: output)
            case .openGallery, .configure, .reconfigure:
                return .needsSheet(self)
            }
        } catch {
            throw HomeEditError(change: self, reason: error)
        }
        return .applied
    }
}
