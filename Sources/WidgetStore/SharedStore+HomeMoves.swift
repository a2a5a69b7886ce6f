import Foundation
import GRDB
import WidgetStoreModel

/// A drop in edit mode, written whole: the moved widget and every widget the grid moved to make
/// room for it, in one transaction, so no home screen ever reads half a move (two widgets wishing
/// for one cell, or one flowing somewhere the person never saw).
extension SharedStore {
    /// One widget's new cell in a move (`placeAll(_:output:)`).
    public struct HomeCell: Sendable, Hashable {
        public let instance: WidgetInstanceID
        public let page: Int
        public let column: Int
        public let row: Int

        public init(instance: WidgetInstanceID, page: Int, column: Int, row: Int) {
            self.instance = instance
            self.page = page
            self.column = column
            self.row = row
        }
    }

    /// Records every cell of `cells` at once and wakes the home screens once. A Smart Stack's
    /// member places its stack (the row is its top member's, as `place` does). A placement that
    /// exists keeps the output it was made for; a new one is for `output` (nil: every output).
    /// The first cell is the newest placement, the others just older in their order, so that a
    /// contested slot goes to the widget the person moved. Throws `StoreError.unknownInstance`, and
    /// writes nothing, when one of the instances does not exist (removed meanwhile).
    ///
    /// `ifRevision`: the `homeLayoutRevision()` the move was worked out on. When the layout has
    /// changed since (another home screen's move, a widget added or removed), it throws
    /// `StoreError.homeLayoutChanged` and writes nothing: the move was made on a picture that is
    /// no longer true, and writing it would undo the other change. nil writes whatever the state.
    @discardableResult
    public func placeAll(_ cells: [HomeCell], output: String?, ifRevision: Int64? = nil) throws(StoreError) -> [HomePlacement] {
        guard !cells.isEmpty else { return [] }
        let now = Date().timeIntervalSince1970
        let placements = try write { db -> [HomePlacement] in
            try Self.requireRevision(ifRevision, db)
            var written: [HomePlacement] = []
            for (index, cell) in cells.enumerated() {
                guard try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM widget_instance WHERE id = ?", arguments: [cell.instance.rawValue]) == true
                else {
                    // Thrown inside the transaction, so the cells before it are rolled back.
                    throw StoreError.unknownInstance(cell.instance)
                }
                let holder = try Self.placementHolder(of: cell.instance, db)
                let existing = try String.fetchOne(
                    db, sql: "SELECT output FROM home_placement WHERE instance_id = ?", arguments: [holder.rawValue])
                let scope = existing.map { $0.isEmpty ? nil : $0 } ?? output
                // A microsecond apart: distinct times that keep the cells' order, newest first.
                let placedAt = Date(timeIntervalSince1970: now - Double(index) * 1e-6)
                let placement = HomePlacement(
                    instance: holder, output: scope, page: max(cell.page, 0), column: max(cell.column, 0), row: max(cell.row, 0),
                    placedAt: placedAt)
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO home_placement (instance_id, output, page, column_index, row_index, placed_at)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [holder.rawValue, scope ?? "", placement.page, placement.column, placement.row,
                                placedAt.timeIntervalSince1970])
                written.append(placement)
            }
            return written
        }
        HomeLayoutWakeup.notify(location)
        return placements
    }

    /// The home layout's revision: it grows with every change to instances, placements and stack
    /// memberships (store triggers count them). Read it before the layout it goes with.
    public func homeLayoutRevision() throws(StoreError) -> Int64 {
        try read { db in try Self.homeLayoutRevision(db) }
    }

    static func homeLayoutRevision(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT value FROM home_layout_revision") ?? 0
    }

    /// Inside a write: throws `StoreError.homeLayoutChanged` when the layout is no longer at
    /// `expected` (nil: any revision will do), so that the write and the check are one transaction.
    static func requireRevision(_ expected: Int64?, _ db: Database) throws {
        guard let expected else { return }
        let current = try homeLayoutRevision(db)
        guard current == expected else { throw StoreError.homeLayoutChanged(expected: expected, current: current) }
    }
}
