import Foundation
import Testing
import TestSupport
import WidgetHome
import WidgetStore
import WidgetStoreModel

/// Smart Stacks on the home screen: a stack is one tile at its place (its top member's
/// placement), showing the member last swiped to; its other members are not tiles of their own.
///
/// At 800 × 600 points the grid is 7 × 5 cells; a small widget spans 2 × 2.
@Suite("Smart Stacks in the home screen's arrangement")
struct HomeStackArrangementTests {
    private static let now = Date(timeIntervalSince1970: 1_800_000_000)

    private static func instances(_ names: [String]) -> [WidgetInstance] {
        names.enumerated().map { offset, name in
            WidgetInstance(
                id: WidgetInstanceID(rawValue: name), kind: "CounterWidget", family: .systemSmall, configuration: [:],
                createdAt: now + Double(offset), updatedAt: now + Double(offset))
        }
    }

    private static func stack(_ members: [String], shown: String? = nil) -> HomeStack {
        HomeStack(
            id: HomeStackID(rawValue: "s1"), members: members.map(WidgetInstanceID.init(rawValue:)),
            shown: shown.map(WidgetInstanceID.init(rawValue:)), createdAt: now)
    }

    private static func placement(_ id: String, output: String? = nil, column: Int) -> HomePlacement {
        HomePlacement(instance: WidgetInstanceID(rawValue: id), output: output, page: 0, column: column, row: 0, placedAt: now)
    }

    @Test("A stack is one tile at its top member's place; its other members are no tiles; the rest flow around it")
    func oneTileAtItsPlace() throws {
        let arrangement = HomeArrangement(
            instances: Self.instances(["a", "b", "c", "d"]), placements: [Self.placement("b", column: 4)],
            stacks: [Self.stack(["b", "c"])], output: nil, width: 800, height: 600)
        #expect(arrangement.tiles.map(\.id) == ["a", "d", "b"])
        let tile = try #require(arrangement.tiles.first { $0.id == "b" })
        #expect(tile.column == 4 && tile.row == 0 && tile.page == 0)
        #expect(tile.stack == HomeItem.Stack(id: "s1", members: ["b", "c"], shown: "b", smartRotate: true))
        #expect(tile.placementID == "b")
        // The others take the first free slots around it: the stack's cells are its alone.
        #expect(arrangement.tiles.first { $0.id == "a" }?.column == 0)
        #expect(arrangement.tiles.first { $0.id == "d" }?.column == 2)
        #expect(arrangement.tiles.first { $0.id == "a" }?.stack == nil)
    }

    @Test("The tile is the member swiped to, at the stack's place, and a tap there finds it")
    func theShownMemberIsTheTile() throws {
        let arrangement = HomeArrangement(
            instances: Self.instances(["b", "c", "e"]), placements: [Self.placement("b", column: 2)],
            stacks: [Self.stack(["b", "c", "e"], shown: "e")], output: nil, width: 800, height: 600)
        let tile = try #require(arrangement.tiles.only)
        #expect(tile.id == "e")
        #expect(tile.column == 2)
        #expect(tile.stack?.shown == "e" && tile.stack?.members == ["b", "c", "e"])
        #expect(tile.placementID == "b", "the stack's place is its top member's placement")
        let center = Point(x: tile.frame.minX + tile.frame.width / 2, y: tile.frame.minY + tile.frame.height / 2)
        #expect(arrangement.tile(at: center, onPage: 0)?.id == "e")
    }

    @Test("An unplaced stack flows where its oldest member would; a member removed between reads is left out")
    func unplacedStackAndVanishedMember() throws {
        // c, the top, is newer than a; b is alone. "gone" is no instance any more, and was shown.
        let arrangement = HomeArrangement(
            instances: Self.instances(["a", "b", "c"]), placements: [],
            stacks: [Self.stack(["c", "gone", "a"], shown: "gone")], output: nil, width: 800, height: 600)
        #expect(arrangement.tiles.map(\.id) == ["c", "b"])
        #expect(arrangement.tiles.first?.column == 0)
        #expect(arrangement.tiles.first?.stack?.members == ["c", "a"])
        #expect(arrangement.tiles.first?.stack?.shown == "c", "a shown member that is gone shows the top")
    }

    @Test("A stack placed on one output is not on another")
    func stackOnOneOutput() {
        let instances = Self.instances(["a", "b", "c"])
        let placements = [Self.placement("a", output: "DP-1", column: 4)]
        let stacks = [Self.stack(["a", "b"])]
        let onIt = HomeItem.items(instances: instances, placements: placements, stacks: stacks, output: "DP-1")
        #expect(onIt.map(\.id) == ["a", "c"])
        #expect(onIt.first?.placement == HomeItem.Placement(page: 0, column: 4, row: 0))
        #expect(HomeItem.items(instances: instances, placements: placements, stacks: stacks, output: "HDMI-A-1").map(\.id) == ["c"])
    }

    @Test("From the store: the stack made by a drop is one tile at the target's cell, showing the dropped widget")
    func fromTheStore() throws {
        let store = try SharedStore.open(TestStore.temporaryLocation())
        let ids = try (0..<3).map { _ in try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:]).id }
        try store.place(ids[1], output: nil, page: 0, column: 4, row: 2)
        try store.stack(ids[2], onto: ids[1])
        let arrangement = HomeArrangement(
            instances: try store.instances(), placements: try store.homePlacements(), stacks: try store.homeStacks(), output: nil,
            width: 800, height: 600)
        #expect(arrangement.tiles.count == 2)
        let tile = try #require(arrangement.tiles.first { $0.stack != nil })
        #expect(tile.id == ids[2].rawValue)
        #expect(tile.column == 4 && tile.row == 2)
        #expect(tile.stack?.members == [ids[2].rawValue, ids[1].rawValue])
        #expect(!arrangement.tiles.contains { $0.id == ids[1].rawValue }, "the member below the top is hidden")
    }
}

extension Collection {
    /// The one element, nil when there are none or several.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
