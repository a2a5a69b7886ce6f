import Foundation
import Testing
import TestSupport
@testable import WidgetServer

@Suite("Event stream under load")
struct ManySubscribersTests {
    /// 200 clients on loopback read a 60-second run of events (20 a second): each gets every
    /// event, in order, none dropped.
    @Test func twoHundredSubscribersEachReceiveEveryEventOfAMinute() async throws {
        let subscribers = 200, interval = Duration.milliseconds(50), run = Duration.seconds(60)
        let count = Int(run / interval)
        let server = try await ServerFixture.start(maximumSubscribers: 256)
        defer { server.stop() }
        let connections = try await offThePool {
            try (0..<subscribers).map { _ in try server.client.open("GET", "/v1/events") }
        }
        defer { for connection in connections { connection.close() } }
        // Hang guard only: the server registers the connections within a moment, or within
        // seconds when the whole suite shares two cores.
        let deadline = ContinuousClock.now + .seconds(60)
        while server.hub.subscriberCount < subscribers && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        try #require(server.hub.subscriberCount == subscribers)

        let received = Task {
            try await withThrowingTaskGroup(of: [UInt64].self) { group in
                for connection in connections {
                    group.addTask { try await offThePool { EventStreamTests.events(connection, count: count).map(\.id) } }
                }
                return try await group.reduce(into: [[UInt64]]()) { $0.append($1) }
            }
        }
        let clock = ContinuousClock()
        var next = clock.now
        for index in 1...count {
            server.hub.publish(name: "entry", data: #"{"kind":"Load","index":\#(index)}"#)
            next += interval
            try await clock.sleep(until: next)
        }
        let expected = (1...UInt64(count)).map { $0 }
        let lists = try await received.value
        #expect(lists.count == subscribers)
        let complete = lists.filter { $0 == expected }.count
        #expect(complete == subscribers, "\(subscribers - complete) of \(subscribers) subscribers missed events")
    }
}
