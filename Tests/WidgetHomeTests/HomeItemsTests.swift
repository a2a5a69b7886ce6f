import Foundation
import Testing
import TestSupport
import WidgetHome
import WidgetStore
import WidgetStoreModel

/// The store's instances and placements, as a home screen reads them: what goes on which output,
/// in which order, and what follows when an instance goes.
@Suite("Home screen layout in the store")
struct HomeItemsTests {
    @Test("Placements read back; removing an instance removes its place; unplace forgets it")
    func placementsInTheStore() throws {
        let store = try SharedStore.open(TestStore.temporaryLocation())
        let first = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:])
        let second = try store.addInstance(kind: "MoviePlannerWidget", family: .systemMedium, configuration: [:])
        #expect(try store.place(first.id, output: nil, page: 1, column: 2, row: 3) != nil)
        #expect(try store.place(second.id, output: "DP-1", page: 0, column: 0, row: 0) != nil)
        #expect(try store.place(WidgetInstanceID(rawValue: "wnothere"), output: nil, page: 0, column: 0, row: 0) == nil)
        let placements = try store.homePlacements()
        #expect(placements.map(\.instance) == [first.id, second.id])
        #expect(placements.first.map { [$0.page, $0.column, $0.row] } == [1, 2, 3])
        #expect(placements.first?.output == nil && placements.last?.output == "DP-1")

        try store.removeInstance(first.id)
        #expect(try store.homePlacements().map(\.instance) == [second.id])
        #expect(try store.unplace(second.id))
        #expect(try !store.unplace(second.id))
        #expect(try store.homePlacements().isEmpty)
    }

    @Test("An output shows its own and the every-output placements, newest first, then the rest oldest first")
    func itemsForAnOutput() throws {
        let now = Date()
        let instances = ["a", "b", "c", "d"].map {
            WidgetInstance(
                id: WidgetInstanceID(rawValue: $0), kind: "CounterWidget", family: .systemSmall, configuration: [:],
                createdAt: now, updatedAt: now)
        }
        let placements = [
            HomePlacement(instance: WidgetInstanceID(rawValue: "b"), output: nil, page: 0, column: 2, row: 0, placedAt: now),
            HomePlacement(instance: WidgetInstanceID(rawValue: "c"), output: "DP-1", page: 0, column: 4, row: 0, placedAt: now + 10),
        ]
        let onFirst = HomeItem.items(instances: instances, placements: placements, output: "DP-1")
        #expect(onFirst.map(\.id) == ["c", "b", "a", "d"])
        #expect(onFirst[0].placement == HomeItem.Placement(page: 0, column: 4, row: 0))
        // A widget placed on DP-1 is not shown on another output.
        #expect(HomeItem.items(instances: instances, placements: placements, output: "HDMI-A-1").map(\.id) == ["b", "a", "d"])
    }

    @Test("Every home screen listening is woken by a placement and by an instance change")
    func layoutWakeUps() async throws {
        let location = TestStore.temporaryLocation()
        let store = try SharedStore.open(location)
        let wakes = EventLog<String>()
        let first = try HomeLayoutListener(location: location) { wakes.append("first") }
        let second = try HomeLayoutListener(location: location) { wakes.append("second") }
        defer {
            first.stop()
            second.stop()
        }
        let instance = try store.addInstance(kind: "K", family: .systemSmall, configuration: [:])
        try await wakes.wait(for: "both listeners woken by the new instance") { events in
            events.contains("first") && events.contains("second")
        }
        try store.place(instance.id, output: nil, page: 0, column: 0, row: 0)
        try await wakes.wait(for: "both woken again by the placement") { events in
            events.filter { $0 == "first" }.count >= 2 && events.filter { $0 == "second" }.count >= 2
        }
        // A listener that stopped is forgotten at the next notification, not an error.
        second.stop()
        HomeLayoutWakeup.notify(location)
        try await wakes.wait(for: "the remaining listener woken") { events in events.filter { $0 == "first" }.count >= 3 }
        let sockets = try FileManager.default.contentsOfDirectory(atPath: location.homeListenersDirectory.path)
        #expect(sockets.count == 1)
    }
}
