import Foundation
import GRDB
import WidgetPayload
import WidgetStoreModel

/// Smart Stacks, kept beside the placements: which instances share one slot, in which order, and
/// which is shown (`HomeStack`).
///
/// The rules, kept here so that every writer follows them:
/// - A stack's place is its top member's `home_placement` row; members below the top have none.
///   A new top takes the row over, and when the top leaves (unstacked, stacked elsewhere, or
///   removed) the next member takes it, so the stack stays where it was.
/// - A stack has at least two members: one left with a single member is dissolved, and that
///   member, being the top, keeps the stack's place; one left with none is deleted. Every change
///   ends with this check (`settleStacks`) in its own transaction, instance removal included.
/// - Every change wakes the running home screens (`HomeLayoutWakeup`), as a placement does.
extension SharedStore {
    /// Every stack, oldest first, its members top first.
    public func homeStacks() throws(StoreError) -> [HomeStack] {
        try read { db in try Self.stacks(db) }
    }

    /// The stack `id` is a member of; nil when it is in none.
    public func stack(containing id: WidgetInstanceID) throws(StoreError) -> HomeStack? {
        try read { db in try Self.stackID(of: id, db).flatMap { try Self.stack($0, db) } }
    }

    /// Drops the instance `dropped` on `target`, as a person drags one widget onto another of the
    /// same family on iOS: makes a stack at the target's place, or adds to the target's stack, at
    /// the top, shown. `dropped` leaves any stack it was in (dropping a member on its own stack
    /// brings it to the top) and loses its own placement. Both must exist and share a system family.
    /// `ifRevision`, as `placeAll`'s: the drop was made on the layout at that revision; when it
    /// has changed since, nothing is written (`StoreError.homeLayoutChanged`).
    @discardableResult
    public func stack(_ dropped: WidgetInstanceID, onto target: WidgetInstanceID, ifRevision: Int64? = nil) throws(StoreError) -> HomeStack {
        let stack = try write { db throws -> HomeStack in
            try Self.requireRevision(ifRevision, db)
            guard dropped != target else { throw StoreError.stackOntoItself(dropped) }
            let droppedFamily = try Self.family(of: dropped, db)
            let targetFamily = try Self.family(of: target, db)
            guard droppedFamily == targetFamily else {
                throw StoreError.stackFamiliesDiffer(
                    dropped: dropped, droppedFamily: droppedFamily, target: target, targetFamily: targetFamily)
            }
            guard Self.isStackable(targetFamily) else { throw StoreError.familyNotStackable(target, family: targetFamily) }

            let stackID: HomeStackID
            if let existing = try Self.stackID(of: target, db) {
                stackID = existing
            } else {
                stackID = try Self.newStack(holding: target, db)
            }
            try Self.leaveStack(dropped, db)
            // The dropped widget's own place goes: it now sits where the stack does.
            try db.execute(sql: "DELETE FROM home_placement WHERE instance_id = ?", arguments: [dropped.rawValue])
            let oldTop = try Self.members(of: stackID, db).first
            try db.execute(
                sql: "INSERT INTO home_stack_member (instance_id, stack_id, position) VALUES (?, ?, -1)",
                arguments: [dropped.rawValue, stackID.rawValue])
            if let oldTop {
                // The new top holds the stack's place; it keeps its time, since the stack did not move.
                try db.execute(
                    sql: "UPDATE home_placement SET instance_id = ? WHERE instance_id = ?",
                    arguments: [dropped.rawValue, oldTop.rawValue])
            }
            // As on iOS, the widget just dropped is the one on show.
            try db.execute(sql: "UPDATE home_stack SET shown_instance_id = NULL WHERE id = ?", arguments: [stackID.rawValue])
            try Self.settleStacks(db)
            guard let stack = try Self.stack(stackID, db) else {
                throw StoreError.databaseError(path: location.databaseURL.path, reason: "the stack \(stackID) vanished while it was made")
            }
            return stack
        }
        HomeLayoutWakeup.notify(location)
        return stack
    }

    /// Takes `id` out of its stack: it loses its membership and takes the first free slot, like an
    /// instance never placed. A top member hands the stack's place to the next one; a stack left
    /// with one member dissolves, that member keeping the place. False when `id` was in no stack.
    @discardableResult
    public func unstack(_ id: WidgetInstanceID) throws(StoreError) -> Bool {
        let left = try write { db -> Bool in
            guard try Self.leaveStack(id, db) else { return false }
            try Self.settleStacks(db)
            return true
        }
        if left { HomeLayoutWakeup.notify(location) }
        return left
    }

    /// Records that the person swiped `id`'s stack to `id`; the stack, nil when `id` is in none.
    @discardableResult
    public func showInStack(_ id: WidgetInstanceID) throws(StoreError) -> HomeStack? {
        let stack = try write { db -> HomeStack? in
            guard let stackID = try Self.stackID(of: id, db) else { return nil }
            try db.execute(
                sql: "UPDATE home_stack SET shown_instance_id = ? WHERE id = ?", arguments: [id.rawValue, stackID.rawValue])
            return try Self.stack(stackID, db)
        }
        if stack != nil { HomeLayoutWakeup.notify(location) }
        return stack
    }

    /// Turns the stack's Smart Rotate on or off; the stack, nil when there is no such stack. The
    /// last leader is forgotten, so that turning it on brings the most relevant member forward
    /// at once rather than at the next change of relevance.
    @discardableResult
    public func setSmartRotate(_ stack: HomeStackID, _ on: Bool) throws(StoreError) -> HomeStack? {
        let changed = try write { db -> HomeStack? in
            try db.execute(
                sql: "UPDATE home_stack SET smart_rotate = ?, leader_instance_id = NULL WHERE id = ?", arguments: [on, stack.rawValue])
            guard db.changesCount > 0 else { return nil }
            return try Self.stack(stack, db)
        }
        if changed != nil { HomeLayoutWakeup.notify(location) }
        return changed
    }

    /// Applies Smart Rotate to every stack in one transaction: `rotate` is shown each stack as
    /// the store holds it and returns it changed (its `leader`, and `shown` when it moves), or
    /// nil to leave it. Only those two are written, and only for a stack whose members are still
    /// the ones `rotate` saw. Returns the stacks changed; wakes the home screens when any did.
    @discardableResult
    public func rotateStacks(_ rotate: (HomeStack) -> HomeStack?) throws(StoreError) -> [HomeStack] {
        let changed = try write { db -> [HomeStack] in
            var changed: [HomeStack] = []
            for stack in try Self.stacks(db) {
                guard let rotated = rotate(stack), rotated.id == stack.id, rotated.members == stack.members else { continue }
                guard rotated.leader != stack.leader || rotated.shownMember != stack.shownMember else { continue }
                try db.execute(
                    sql: "UPDATE home_stack SET leader_instance_id = ?, shown_instance_id = ? WHERE id = ?",
                    arguments: [rotated.leader?.rawValue, rotated.shown?.rawValue, stack.id.rawValue])
                changed.append(rotated)
            }
            return changed
        }
        // A leader alone changing moves nothing on screen, but a home screen re-reads cheaply.
        if !changed.isEmpty { HomeLayoutWakeup.notify(location) }
        return changed
    }

    // MARK: Inside a transaction

    /// Takes `id` out of its stack, handing the stack's place to the next member when `id` was on
    /// top. Leaves the stack for `settleStacks` to dissolve. False when `id` was in no stack.
    @discardableResult
    static func leaveStack(_ id: WidgetInstanceID, _ db: Database) throws -> Bool {
        guard let stackID = try stackID(of: id, db) else { return false }
        let members = try members(of: stackID, db)
        if members.first == id, members.count > 1 {
            // The place stays with the stack: the next member is its new top.
            try db.execute(
                sql: "UPDATE home_placement SET instance_id = ? WHERE instance_id = ?",
                arguments: [members[1].rawValue, id.rawValue])
        }
        try db.execute(sql: "DELETE FROM home_stack_member WHERE instance_id = ?", arguments: [id.rawValue])
        return true
    }

    /// Brings every stack back to the rules after a change: fewer than two members dissolves it
    /// (the last member, its top, keeps the place it holds), positions run 0, 1, 2… top first, a
    /// shown member that left is forgotten (the top shows), and members below the top hold no
    /// placement of their own.
    static func settleStacks(_ db: Database) throws {
        try db.execute(sql: """
            DELETE FROM home_stack
            WHERE (SELECT count(*) FROM home_stack_member WHERE stack_id = home_stack.id) < 2
            """)
        for stackID in try String.fetchAll(db, sql: "SELECT id FROM home_stack") {
            let members = try String.fetchAll(
                db, sql: "SELECT instance_id FROM home_stack_member WHERE stack_id = ? ORDER BY position, instance_id",
                arguments: [stackID])
            for (position, member) in members.enumerated() {
                try db.execute(
                    sql: "UPDATE home_stack_member SET position = ? WHERE instance_id = ? AND position != ?",
                    arguments: [position, member, position])
                if position > 0 {
                    try db.execute(sql: "DELETE FROM home_placement WHERE instance_id = ?", arguments: [member])
                }
            }
        }
        try db.execute(sql: """
            UPDATE home_stack SET shown_instance_id = NULL
            WHERE shown_instance_id IS NOT NULL AND shown_instance_id NOT IN
                (SELECT instance_id FROM home_stack_member WHERE stack_id = home_stack.id)
            """)
        try db.execute(sql: """
            UPDATE home_stack SET leader_instance_id = NULL
            WHERE leader_instance_id IS NOT NULL AND leader_instance_id NOT IN
                (SELECT instance_id FROM home_stack_member WHERE stack_id = home_stack.id)
            """)
    }

    /// The top member of `id`'s stack, or `id` itself outside a stack: the instance whose
    /// placement row places it.
    static func placementHolder(of id: WidgetInstanceID, _ db: Database) throws -> WidgetInstanceID {
        guard let stackID = try stackID(of: id, db) else { return id }
        return try members(of: stackID, db).first ?? id
    }

    private static func newStack(holding target: WidgetInstanceID, _ db: Database) throws -> HomeStackID {
        var id = HomeStackID.random()
        while try Bool.fetchOne(db, sql: "SELECT 1 FROM home_stack WHERE id = ?", arguments: [id.rawValue]) == true {
            id = HomeStackID.random()
        }
        // As it reads back: seconds since 1970 in a REAL.
        let now = Date().timeIntervalSince1970
        try db.execute(
            sql: "INSERT INTO home_stack (id, shown_instance_id, smart_rotate, created_at) VALUES (?, NULL, 1, ?)",
            arguments: [id.rawValue, now])
        try db.execute(
            sql: "INSERT INTO home_stack_member (instance_id, stack_id, position) VALUES (?, ?, 0)",
            arguments: [target.rawValue, id.rawValue])
        return id
    }

    private static func family(of id: WidgetInstanceID, _ db: Database) throws -> WidgetFamily {
        guard let name = try String.fetchOne(db, sql: "SELECT family FROM widget_instance WHERE id = ?", arguments: [id.rawValue])
        else { throw StoreError.unknownInstance(id) }
        guard let family = WidgetFamily(rawValue: name) else { throw CorruptStackRow(reason: "instance \(id) has an unknown family '\(name)'") }
        return family
    }

    /// The home screen's families; the accessory ones sit in a row of their own, one each.
    private static func isStackable(_ family: WidgetFamily) -> Bool {
        switch family {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: true
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: false
        }
    }

    private static func stackID(of id: WidgetInstanceID, _ db: Database) throws -> HomeStackID? {
        try String.fetchOne(db, sql: "SELECT stack_id FROM home_stack_member WHERE instance_id = ?", arguments: [id.rawValue])
            .map(HomeStackID.init(rawValue:))
    }

    private static func members(of stack: HomeStackID, _ db: Database) throws -> [WidgetInstanceID] {
        try String.fetchAll(
            db, sql: "SELECT instance_id FROM home_stack_member WHERE stack_id = ? ORDER BY position, instance_id",
            arguments: [stack.rawValue]
        ).map(WidgetInstanceID.init(rawValue:))
    }

    private static func stack(_ id: HomeStackID, _ db: Database) throws -> HomeStack? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM home_stack WHERE id = ?", arguments: [id.rawValue]) else { return nil }
        return stack(from: row, members: try members(of: id, db))
    }

    private static func stacks(_ db: Database) throws -> [HomeStack] {
        var members: [String: [WidgetInstanceID]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT stack_id, instance_id FROM home_stack_member ORDER BY stack_id, position, instance_id") {
            members[row["stack_id"], default: []].append(WidgetInstanceID(rawValue: row["instance_id"]))
        }
        return try Row.fetchAll(db, sql: "SELECT * FROM home_stack ORDER BY created_at, id").map { row in
            stack(from: row, members: members[row["id"]] ?? [])
        }
    }

    private static func stack(from row: Row, members: [WidgetInstanceID]) -> HomeStack {
        let shown: String? = row["shown_instance_id"]
        let leader: String? = row["leader_instance_id"]
        return HomeStack(
            id: HomeStackID(rawValue: row["id"]), members: members, shown: shown.map(WidgetInstanceID.init(rawValue:)),
            smartRotate: row["smart_rotate"], leader: leader.map(WidgetInstanceID.init(rawValue:)),
            createdAt: Date(timeIntervalSince1970: row["created_at"]))
    }
}

/// A stack row this version cannot read (edited by hand, or by a newer widgethost).
private struct CorruptStackRow: Error, CustomStringConvertible {
    let reason: String
    var description: String { "the home screen's stacks hold \(reason)" }
}
