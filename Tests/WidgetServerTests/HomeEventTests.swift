import Foundation
import ServerTestSupport
import Testing
import TestSupport
import WidgetHostCore
import WidgetStore
@testable import WidgetServer

/// The `home` event from a running server: whoever changes the layout (here the store, as
/// `widgethost home place` and `instances add` do from another process), every client of the
/// event stream hears of it, so `/home`, the gallery and the desktop re-read `/v1/home`.
@Suite("Home screen events")
struct HomeEventTests {
    @Test func aPlacementOrAnInstanceMadeOutsideTheServerIsAHomeEvent() async throws {
        let served = LazySharedStore(location: TestStore.temporaryLocation())
        let host = try await offThePool { try ServerFixture.makeHost(samples: ["CounterWidget"], clock: SystemClock(), store: served) }
        // The store as another process opens it.
        let store = try SharedStore.open(host.storeLocation)
        // Added before the server listens: only what follows can wake it.
        let counter = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:]).id
        let server = try await LiveServer.start(host: host, store: served)
        defer { server.stop() }
        let before = server.hub.lastId

        try store.place(counter, output: nil, page: 0, column: 2, row: 1)
        let placed = try await HomeEvents.first(named: "home", in: server.hub, after: before)
        #expect(placed.data.contains(#""version":1"#), "\(placed.data)")

        _ = try store.addInstance(kind: "CounterWidget", family: .systemMedium, configuration: [:])
        let added = try await HomeEvents.first(named: "home", in: server.hub, after: placed.id)
        #expect(added.data.contains(#""version":2"#), "\(added.data)")
    }
}

/// Waiting for one event of the hub after a given id (the backlog holds any published before the
/// wait began): through the suite's one waiting helper, `EventLog`, which wakes as soon as it is
/// published and fails only when stuck.
enum HomeEvents {
    static func first(named name: String, in hub: EventHub, after id: UInt64) async throws -> ServerEvent {
        let events = try hub.subscribe(after: id)
        let log = EventLog<ServerEvent>()
        let reading = Task {
            for await event in events { log.append(event) }
        }
        defer { reading.cancel() }
        let seen = try await log.wait(for: "a \(name) event") { $0.contains { $0.name == name } }
        return seen.first { $0.name == name }!
    }
}
