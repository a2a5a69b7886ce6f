import Foundation
import ServerTestSupport
import Testing
import TestSupport
import WidgetHostCore
@testable import WidgetServer

/// The `home` event from a running server: whoever changes the layout (here the store, as
/// `widgethost home place` and `instances add` do from another process), every client of the
/// event stream hears of it, so `/home`, the gallery and the desktop re-read `/v1/home`.
@Suite("Home screen events", .serialized)
struct HomeEventTests {
    @Test func aPlacementOrAnInstanceMadeOutsideTheServerIsAHomeEvent() async throws {
        let host = try await offThePool { try ServerFixture.makeHost(samples: ["CounterWidget"], clock: SystemClock()) }
        // Added before the server listens: only what follows can wake it.
        let counter = try host.sharedStore().addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:]).id
        let server = try await LiveServer.start(host: host)
        defer { server.stop() }
        let before = server.hub.lastId

        try host.sharedStore().place(counter, output: nil, page: 0, column: 2, row: 1)
        let placed = try await HomeEvents.first(named: "home", in: server.hub, after: before)
        #expect(placed.data.contains(#""version":1"#), "\(placed.data)")

        _ = try host.sharedStore().addInstance(kind: "CounterWidget", family: .systemMedium, configuration: [:])
        let added = try await HomeEvents.first(named: "home", in: server.hub, after: placed.id)
        #expect(added.data.contains(#""version":2"#), "\(added.data)")
    }
}

/// Waiting for one event of the hub after a given id (the backlog holds any published before the
/// wait began): as soon as it is published, with a hang guard (not a time to wait) in case it
/// never is.
enum HomeEvents {
    struct NoEvent: Error, CustomStringConvertible {
        let name: String
        var description: String { "no \(name) event came" }
    }

    static func first(named name: String, in hub: EventHub, after id: UInt64) async throws -> ServerEvent {
        let events = try hub.subscribe(after: id)
        return try await withThrowingTaskGroup(of: ServerEvent?.self) { group in
            group.addTask {
                for await event in events where event.name == name { return event }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: hangGuard)
                return nil
            }
            defer { group.cancelAll() }
            guard let event = try await group.next() ?? nil else {
                Issue.record("stuck: no \(name) event within \(hangGuard)")
                throw NoEvent(name: name)
            }
            return event
        }
    }
}
