import Foundation
import Testing
import TestSupport
import WidgetStore
import WidgetStoreModel

/// Smart Stacks in the shared store: made by dropping one instance on another of its family, at
/// the target's place (its top member's placement row); a stack left with one member dissolves
/// and that member keeps the place; removing an instance takes it out of its stack; every change
/// wakes the home screens.
@Suite("Smart Stacks in the store")
struct HomeStackStoreTests {
    /// A store with `count` small Counter instances, oldest first.
    private static func storeWithSmallWidgets(_ count: Int) throws -> (SharedStore, [WidgetInstanceID]) {
        let store = try SharedStore.open(TestStore.temporaryLocation())
        let ids = try (0..<count).map { _ in try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:]).id }
        return (store, ids)
    }

    /// Every placement row as (instance, page, column, row).
    private static func places(_ store: SharedStore) throws -> [PlaceRow] {
        try store.homePlacements().map { PlaceRow(instance: $0.instance, page: $0.page, column: $0.column, row: $0.row) }
    }

    private struct PlaceRow: Equatable {
        let instance: WidgetInstanceID
        let page: Int
        let column: Int
        let row: Int
    }

    @Test("Dropping a widget on another makes a stack at the target's place, the dropped one on top, shown")
    func makeAStack() throws {
        let (store, ids) = try Self.storeWithSmallWidgets(2)
        let (dropped, target) = (ids[0], ids[1])
        try store.place(target, output: nil, page: 1, column: 2, row: 0)
        try store.place(dropped, output: nil, page: 0, column: 4, row: 2)

        let stack = try store.stack(dropped, onto: target)
        #expect(stack.members == [dropped, target])
        #expect(stack.shown == nil && stack.shownMember == dropped)
        #expect(stack.smartRotate, "Smart Rotate is on by default, as on iOS")
        #expect(stack.id.rawValue.hasPrefix("s"))
        #expect(try store.homeStacks() == [stack])
        #expect(try store.stack(containing: target) == stack)
        // One truth for the stack's place: the top's row, at the target's cell; the dropped widget's own place is gone.
        #expect(try Self.places(store) == [PlaceRow(instance: dropped, page: 1, column: 2, row: 0)])
    }

    @Test("A widget dropped on a stack goes on top; a member dropped on its own stack is brought to the top")
    func addAndReorder() throws {
        let (store, ids) = try Self.storeWithSmallWidgets(3)
        let (a, b, c) = (ids[0], ids[1], ids[2])
        try store.place(b, output: "DP-1", page: 0, column: 6, row: 2)
        let made = try store.stack(a, onto: b)

        // Dropped on a member below the top: the same stack, the new one on top.
        let added = try store.stack(c, onto: b)
        #expect(added.id == made.id)
        #expect(added.members == [c, a, b])
        #expect(try Self.places(store) == [PlaceRow(instance: c, page: 0, column: 6, row: 2)])
        #expect(try store.homePlacements().first?.output == "DP-1", "the stack keeps its output")

        // Swiped to b, then b dropped on its own stack: b on top, shown as the one just dropped.
        #expect(try store.showInStack(b)?.shown == b)
        let reordered = try store.stack(b, onto: c)
        #expect(reordered.id == made.id)
        #expect(reordered.members == [b, c, a])
        #expect(reordered.shown == nil && reordered.shownMember == b)
        #expect(try Self.places(store) == [PlaceRow(instance: b, page: 0, column: 6, row: 2)])
        #expect(try store.homeStacks().count == 1)
    }

    @Test("Stacking other families, an accessory family, a widget on itself or an unknown one is a typed error that changes nothing")
    func refusals() throws {
        let store = try SharedStore.open(TestStore.temporaryLocation())
        let small = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])
        let medium = try store.addInstance(kind: "FishGoWidget", family: .systemMedium, configuration: [:])
        let circular = try store.addInstance(kind: "ClockWidget", family: .accessoryCircular, configuration: [:])
        let otherCircular = try store.addInstance(kind: "ClockWidget", family: .accessoryCircular, configuration: [:])
        try store.place(medium.id, output: nil, page: 0, column: 0, row: 0)
        try store.place(small.id, output: nil, page: 0, column: 4, row: 0)

        let mismatch = StoreError.stackFamiliesDiffer(
            dropped: small.id, droppedFamily: .systemSmall, target: medium.id, targetFamily: .systemMedium)
        #expect(throws: mismatch) { try store.stack(small.id, onto: medium.id) }
        for named in [small.id.rawValue, "systemSmall", medium.id.rawValue, "systemMedium"] {
            #expect(mismatch.description.contains(named), "\(mismatch)")
        }
        #expect(throws: StoreError.familyNotStackable(otherCircular.id, family: .accessoryCircular)) {
            try store.stack(circular.id, onto: otherCircular.id)
        }
        #expect(throws: StoreError.stackOntoItself(small.id)) { try store.stack(small.id, onto: small.id) }
        let missing = WidgetInstanceID(rawValue: "wnothere")
        #expect(throws: StoreError.unknownInstance(missing)) { try store.stack(missing, onto: small.id) }
        #expect(throws: StoreError.unknownInstance(missing)) { try store.stack(small.id, onto: missing) }

        #expect(try store.homeStacks().isEmpty)
        #expect(try Set(store.homePlacements().map(\.instance)) == [medium.id, small.id], "the refused drop kept both places")
    }

    @Test("Unstacking takes a member out to the first free slot; a stack left with one member dissolves and it keeps the place")
    func unstackAndDissolve() throws {
        let (store, ids) = try Self.storeWithSmallWidgets(3)
        let (a, b, c) = (ids[0], ids[1], ids[2])
        try store.place(b, output: nil, page: 2, column: 4, row: 2)
        try store.stack(a, onto: b)
        try store.stack(c, onto: b)  // [c, a, b]

        // A member below the top: the stack stays, at its place.
        #expect(try store.unstack(a))
        #expect(try store.homeStacks().map(\.members) == [[c, b]])
        #expect(try store.stack(containing: a) == nil)
        #expect(try Self.places(store) == [PlaceRow(instance: c, page: 2, column: 4, row: 2)], "a flows: no row of its own")
        #expect(try !store.unstack(a), "a is in no stack any more")

        // The top, leaving two members: the stack dissolves and b, left alone, keeps its place.
        #expect(try store.unstack(c))
        #expect(try store.homeStacks().isEmpty)
        #expect(try store.stack(containing: b) == nil && store.stack(containing: c) == nil)
        #expect(try Self.places(store) == [PlaceRow(instance: b, page: 2, column: 4, row: 2)])
    }

    @Test("Placing or unplacing any member moves the whole stack: the row is the top's")
    func placingAMemberMovesTheStack() throws {
        let (store, ids) = try Self.storeWithSmallWidgets(2)
        let (a, b) = (ids[0], ids[1])
        try store.stack(a, onto: b)  // [a, b], unplaced
        let placement = try #require(try store.place(b, output: nil, page: 0, column: 2, row: 2))
        #expect(placement.instance == a)
        #expect(try Self.places(store) == [PlaceRow(instance: a, page: 0, column: 2, row: 2)])
        #expect(try store.unplace(b))
        #expect(try store.homePlacements().isEmpty)
    }

    @Test("Removing an instance takes it out of its stack: a removed top hands the place on, the last but one dissolves it")
    func removalCascades() throws {
        let (store, ids) = try Self.storeWithSmallWidgets(3)
        let (a, b, c) = (ids[0], ids[1], ids[2])
        try store.place(b, output: nil, page: 0, column: 4, row: 0)
        try store.stack(a, onto: b)
        let stack = try store.stack(c, onto: b)  // [c, a, b]
        #expect(try store.showInStack(b)?.shown == b)

        try store.removeInstance(c)
        #expect(try store.homeStacks().map(\.members) == [[a, b]])
        #expect(try store.homeStacks().first?.id == stack.id)
        #expect(try Self.places(store) == [PlaceRow(instance: a, page: 0, column: 4, row: 0)])

        // The shown member goes: the stack dissolves, and a keeps its place.
        try store.removeInstance(b)
        #expect(try store.homeStacks().isEmpty)
        #expect(try store.stack(containing: a) == nil)
        #expect(try Self.places(store) == [PlaceRow(instance: a, page: 0, column: 4, row: 0)])
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test("Showing a member and Smart Rotate read back; an id in no stack changes nothing")
    func showAndSmartRotate() throws {
        let (store, ids) = try Self.storeWithSmallWidgets(3)
        let stack = try store.stack(ids[0], onto: ids[1])
        #expect(try store.showInStack(ids[1])?.shownMember == ids[1])
        #expect(try store.showInStack(ids[2]) == nil)
        #expect(try store.setSmartRotate(stack.id, false)?.smartRotate == false)
        #expect(try store.setSmartRotate(HomeStackID(rawValue: "snothere"), false) == nil)
        let read = try #require(try store.homeStacks().first)
        #expect(read.shown == ids[1] && !read.smartRotate && read.createdAt == stack.createdAt)
    }

    @Test("Every stack change wakes the running home screens")
    func changesWakeHomeScreens() async throws {
        let location = TestStore.temporaryLocation()
        let store = try SharedStore.open(location)
        let ids = try (0..<3).map { _ in try store.addInstance(kind: "K", family: .systemMedium, configuration: [:]).id }
        let wakes = EventLog<String>()
        let listener = try HomeLayoutListener(location: location) { wakes.append("wake") }
        defer { listener.stop() }

        let stack = try store.stack(ids[0], onto: ids[1])
        try await wakes.wait(for: "woken by the stack made") { $0.count >= 1 }
        try store.showInStack(ids[1])
        try await wakes.wait(for: "woken by a member shown") { $0.count >= 2 }
        try store.setSmartRotate(stack.id, false)
        try await wakes.wait(for: "woken by Smart Rotate turned off") { $0.count >= 3 }
        try store.unstack(ids[0])
        try await wakes.wait(for: "woken by the stack dissolved") { $0.count >= 4 }
    }
}
