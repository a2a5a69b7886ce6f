import Foundation
import GRDB
import WidgetStoreModel

/// The home screen's layout, kept beside the instances it places. Each change wakes every
/// running home screen (`HomeLayoutWakeup`). A Smart Stack's place is its top member's row
/// (SharedStore+Stacks.swift).
extension SharedStore {
    /// Every recorded placement, in the order they were made.
    public func homePlacements() throws(StoreError) -> [HomePlacement] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM home_placement ORDER BY placed_at, instance_id").map(Self.placement(from:))
        }
    }

    /// Records where `id` goes, replacing its earlier placement; nil when there is no such instance.
    /// A member of a Smart Stack moves its whole stack: the placement is the stack's top member's
    /// (the instance of the one returned), since a stack's place is its top's row. `ifRevision`,
    /// as `placeAll`'s: when the layout has changed since that revision, nothing is written
    /// (`StoreError.homeLayoutChanged`).
    @discardableResult
    public func place(
        _ id: WidgetInstanceID, output: String?, page: Int, column: Int, row: Int, ifRevision: Int64? = nil
    ) throws(StoreError) -> HomePlacement? {
        let placedAt = Date(timeIntervalSince1970: Date().timeIntervalSince1970)
        let placement = try write { db -> HomePlacement? in
            try Self.requireRevision(ifRevision, db)
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM widget_instance WHERE id = ?", arguments: [id.rawValue]) == true else {
                return nil
            }
            let placement = HomePlacement(
                instance: try Self.placementHolder(of: id, db), output: output, page: max(page, 0), column: max(column, 0),
                row: max(row, 0), placedAt: placedAt)
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO home_placement (instance_id, output, page, column_index, row_index, placed_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [placement.instance.rawValue, placement.output ?? "", placement.page, placement.column, placement.row,
                            placement.placedAt.timeIntervalSince1970])
            return placement
        }
        guard let placement else { return nil }
        HomeLayoutWakeup.notify(location)
        return placement
    }

    /// Forgets where `id` was put: it goes back to the first free slot (a stack's member: the
    /// whole stack does). True when it had a place.
    @discardableResult
    public func unplace(_ id: WidgetInstanceID) throws(StoreError) -> Bool {
        let removed = try write { db -> Bool in
            try db.execute(
                sql: "DELETE FROM home_placement WHERE instance_id = ?", arguments: [try Self.placementHolder(of: id, db).rawValue])
            return db.changesCount > 0
        }
        if removed { HomeLayoutWakeup.notify(location) }
        return removed
    }

    private static func placement(from row: Row) -> HomePlacement {
        let output: String = row["output"]
        return HomePlacement(
            instance: WidgetInstanceID(rawValue: row["instance_id"]), output: output.isEmpty ? nil : output,
            page: row["page"], column: row["column_index"], row: row["row_index"],
            placedAt: Date(timeIntervalSince1970: row["placed_at"]))
    }
}
