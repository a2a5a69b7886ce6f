import Foundation
import Testing
import ServerTestSupport
import TestSupport
import WidgetHostCore
@testable import WidgetServer

/// `GET /v1/events`. In memory, a stream's body is read once the hub finishes it; one test
/// reads it live off a socket, as a browser does, chunk by chunk.
@Suite("Event stream")
struct EventStreamTests {
    @Test func eventsArriveOverTheWireWithIncreasingIds() async throws {
        let server = try await LiveServerFixture.start(samples: [])
        defer { server.stop() }
        let connection = try await offThePool { try server.client.open("GET", "/v1/events") }
        defer { connection.close() }
        try await waitUntil("the server to subscribe the connection") { server.hub.subscriberCount == 1 }
        for index in 1...3 { server.hub.publish(name: "entry", data: #"{"n":\#(index)}"#) }
        let received = try await offThePool { ServerSentEvents.read(connection, count: 3) }
        #expect(received.map(\.id) == [1, 2, 3])
        #expect(received.map(\.name) == ["entry", "entry", "entry"])
        #expect(received.map(\.data) == [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3}"#])
    }

    @Test func aReconnectWithLastEventIDGetsExactlyTheMissedEvents() async throws {
        let server = try await ServerFixture.make(samples: [])
        defer { server.stop() }
        for index in 1...5 { server.hub.publish(name: "call", data: #"{"n":\#(index)}"#) }
        let stream = Task { try await server.request("GET", "/v1/events", headers: ["Last-Event-ID": "2"]) }
        try await waitUntil("the stream to subscribe") { server.hub.subscriberCount == 1 }
        server.hub.publish(name: "call", data: #"{"n":6}"#)
        server.hub.finishAll()
        let answer = try await stream.value
        #expect(answer.status == 200)
        #expect(answer.header("content-type") == "text/event-stream; charset=utf-8")
        #expect(answer.text.hasPrefix("retry: 2000\n\n"), "the reconnect delay comes first: \(answer.text)")
        #expect(ServerSentEvents.parse(answer.text).events.map(\.id) == [3, 4, 5, 6])
    }

    @Test func theBacklogIsBounded() async throws {
        let hub = EventHub(backlogSize: 3, maximumSubscribers: 1)
        for index in 1...10 { hub.publish(name: "entry", data: "\(index)") }
        let stream = try hub.subscribe(after: 0)
        // Finished, so iterating ends once the backlog is read.
        hub.finishAll()
        var ids: [UInt64] = []
        for await event in stream { ids.append(event.id) }
        #expect(ids == [8, 9, 10])
    }

    /// Live: the cap counts open connections, each holding its stream.
    @Test func theSubscriberCapAnswers503() async throws {
        let server = try await LiveServerFixture.start(samples: [], maximumSubscribers: 2)
        defer { server.stop() }
        let first = try await offThePool { try server.client.open("GET", "/v1/events") }
        let second = try await offThePool { try server.client.open("GET", "/v1/events") }
        defer { first.close(); second.close() }
        try await waitUntil("the server to subscribe both connections") { server.hub.subscriberCount == 2 }
        let refused = try await offThePool { try server.client.request("GET", "/v1/events") }
        #expect(refused.status == 503)
        #expect(refused.header("retry-after") == "5")
        #expect(refused.text.contains("tooManySubscribers"))
    }

    /// The heartbeat waits on the host's clock: on a virtual one it comes when the clock has
    /// moved by the interval, not before, and with no time waited.
    @Test func aHeartbeatComesWhenTheHostClockHasMovedByTheInterval() async throws {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let clock = VirtualClock(start: start)
        // No bundles: the only alarms on the clock are the stream's.
        let server = try await ServerFixture.make(samples: [], clock: clock) { $0.heartbeatInterval = .seconds(15) }
        defer { server.stop() }
        try #require(clock.pendingAlarmCount == 0)
        let stream = Task { try await server.request("GET", "/v1/events") }
        try await waitUntil("the stream to subscribe and arm its heartbeat") {
            server.hub.subscriberCount == 1 && clock.pendingAlarmCount == 1
        }
        #expect(clock.nextAlarmDate == start.addingTimeInterval(15))
        // Short of the interval, the alarm still waits (were it due, `advance` would have run it).
        clock.advance(by: 14)
        #expect(clock.pendingAlarmCount == 1)
        clock.advance(by: 1)
        // Once the heartbeat is sent, the stream arms the next one, an interval later.
        try await waitUntil("the next heartbeat to be armed") { clock.pendingAlarmCount == 1 }
        #expect(clock.nextAlarmDate == start.addingTimeInterval(30))
        server.hub.publish(name: "entry", data: #"{"n":1}"#)
        server.hub.finishAll()
        let answer = try await stream.value
        #expect(answer.text == "retry: 2000\n\n: heartbeat\n\nid: 1\nevent: entry\ndata: {\"n\":1}\n\n")
    }
}
