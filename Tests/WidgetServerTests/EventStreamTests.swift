import Foundation
import Testing
import TestSupport
@testable import WidgetServer

@Suite("Event stream", .serialized)
struct EventStreamTests {
    /// Reads Server-Sent Events from a connection until `count` events have come.
    static func events(_ connection: RawHTTPClient.Connection, count: Int) -> [(id: UInt64, name: String, data: String)] {
        var text = "", events: [(UInt64, String, String)] = []
        while events.count < count, let chunk = connection.receive() {
            // Chunk sizes become lines of their own, which no field starts with; "\r\n" is one
            // Character to Swift, so it is made "\n" before splitting.
            text += String(decoding: chunk, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            while let end = text.range(of: "\n\n") {
                let block = text[..<end.lowerBound]
                text = String(text[end.upperBound...])
                var id: UInt64?, name = "", data = ""
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("id: ") { id = UInt64(line.dropFirst(4)) }
                    if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                }
                if let id { events.append((id, name, data)) }
            }
        }
        return events
    }

    @Test func eventsArriveWithIncreasingIds() async throws {
        let server = try await ServerFixture.start()
        defer { server.stop() }
        let connection = try await offThePool { try server.client.open("GET", "/v1/events") }
        defer { connection.close() }
        try await waitForSubscribers(1, server.hub)
        for index in 1...3 { server.hub.publish(name: "entry", data: #"{"n":\#(index)}"#) }
        let received = try await offThePool { Self.events(connection, count: 3) }
        #expect(received.map(\.id) == [1, 2, 3])
        #expect(received.map(\.name) == ["entry", "entry", "entry"])
        #expect(received.map(\.data) == [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3}"#])
    }

    @Test func aReconnectWithLastEventIDGetsExactlyTheMissedEvents() async throws {
        let server = try await ServerFixture.start()
        defer { server.stop() }
        for index in 1...5 { server.hub.publish(name: "call", data: #"{"n":\#(index)}"#) }
        let connection = try await offThePool { try server.client.open("GET", "/v1/events", headers: ["Last-Event-ID": "2"]) }
        defer { connection.close() }
        try await waitForSubscribers(1, server.hub)
        server.hub.publish(name: "call", data: #"{"n":6}"#)
        let received = try await offThePool { Self.events(connection, count: 4) }
        #expect(received.map(\.id) == [3, 4, 5, 6])
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

    @Test func theSubscriberCapAnswers503() async throws {
        let server = try await ServerFixture.start(maximumSubscribers: 2)
        defer { server.stop() }
        let first = try await offThePool { try server.client.open("GET", "/v1/events") }
        let second = try await offThePool { try server.client.open("GET", "/v1/events") }
        defer { first.close(); second.close() }
        try await waitForSubscribers(2, server.hub)
        let refused = try await offThePool { try server.client.request("GET", "/v1/events") }
        #expect(refused.status == 503)
        #expect(refused.text.contains("tooManySubscribers"))
    }

    private func waitForSubscribers(_ count: Int, _ hub: EventHub) async throws {
        // Waits for the server to register the connection (not a timing assertion: it only
        // bounds how long a broken server can hang the test).
        for _ in 0..<500 where hub.subscriberCount < count { try await Task.sleep(for: .milliseconds(10)) }
        try #require(hub.subscriberCount >= count)
    }
}
