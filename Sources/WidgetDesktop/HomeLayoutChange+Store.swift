import Foundation
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
    private let problem: Problem

    private enum Problem: Sendable {
        case store(StoreError)
        /// The gallery offered a kind whose bundle file was removed since (as the API's 410
        /// `bundleRemoved`): a widget added now could never be drawn.
        case bundleRemoved(kind: String, path: String)
    }

    init(change: HomeLayoutChange, reason: StoreError) {
        self.change = change
        problem = .store(reason)
    }

    init(change: HomeLayoutChange, bundleRemovedAt path: String, kind: String) {
        self.change = change
        problem = .bundleRemoved(kind: kind, path: path)
    }

    /// Whether the kind's bundle is gone, so nothing was added.
    public var isBundleRemoved: Bool { removedBundlePath != nil }

    /// The file of the kind's bundle when it is gone.
    public var removedBundlePath: String? {
        if case .bundleRemoved(_, let path) = problem { return path }
        return nil
    }

    /// Whether another home screen (or program) changed the layout since the edit's was read,
    /// so nothing was written.
    public var isLayoutChanged: Bool {
        if case .store(let error) = problem { return error.isHomeLayoutChanged }
        return false
    }

    public var description: String {
        switch problem {
        case .store(let reason): "the edit \(change) was not saved: \(reason)"
        case .bundleRemoved(let kind, let path):
            "\(kind) is no longer available: its bundle \(path) was removed. Nothing was added; install the bundle again (widgethost install) to add it"
        }
    }
}

extension HomeLayoutChange {
    /// Writes the change into `store` (placements made for `output`), as the CLI and the API do:
    /// the store then wakes every home screen, this one included, whose reload shows the result.
    /// Sheets (and a configuration, which the daemon saves) are not the store's: they come back as `.needsSheet`.
    /// A move or a stack made on the layout at `revision` is written only if the store is still at
    /// it (another home screen may have changed it meanwhile): otherwise nothing is written and
    /// the error says so (`isLayoutChanged`). nil: written whatever the layout.
    @discardableResult
    public func apply(to store: SharedStore, output: String?, madeAt revision: Int64? = nil) throws(HomeEditError) -> HomeEditOutcome {
        if case .add(let kind, _, _, _, _) = self, let path = removedBundle(of: kind, in: store) {
            throw HomeEditError(change: self, bundleRemovedAt: path, kind: kind)
        }
        do throws(StoreError) {
            switch self {
            case .place(let placements):
                let cells = placements.map { placement in
                    SharedStore.HomeCell(
                        instance: WidgetInstanceID(rawValue: placement.instance), page: placement.page, column: placement.column,
                        row: placement.row)
                }
                try store.placeAll(cells, output: output, ifRevision: revision)
            case .stack(let dropped, let onto):
                try store.stack(WidgetInstanceID(rawValue: dropped), onto: WidgetInstanceID(rawValue: onto), ifRevision: revision)
            case .showInStack(let instance):
                _ = try store.showInStack(WidgetInstanceID(rawValue: instance))
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

    /// The bundle file of `kind` when the catalog names one that is no longer on disk: the
    /// gallery may have been opened before it was removed (as the API's 410 `bundleRemoved`).
    private func removedBundle(of kind: String, in store: SharedStore) -> String? {
        guard let path = (try? store.catalog())?.kinds[kind]?.bundlePath, !FileManager.default.fileExists(atPath: path) else { return nil }
        return path
    }
}
