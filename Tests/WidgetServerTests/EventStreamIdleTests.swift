import Foundation
import ServerTestSupport
import TestSupport
import Testing
import WidgetHostCore
@testable import WidgetServer

/// Issue 31: an idle daemon sleeps. The event stream's heartbeat is a client's: no alarm is set
/// on the host's clock before a client connects, and none is left once its stream has ended.
@Suite("Event stream: no heartbeat without a client")
struct EventStreamIdleTests {
    @Test func theHeartbeatIsArmedOnlyWhileAClientIsConnected() async throws {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let clock = VirtualClock(start: start)
        // No bundles: the only alarms on the clock are the stream's.
        let server = try await ServerFixture.make(samples: [], clock: clock) { $0.heartbeatInterval = .seconds(15) }
        defer { server.stop() }
        #expect(clock.pendingAlarmCount == 0)
        // Events published with no client connected arm nothing either.
        server.hub.publish(name: "entry", data: #"{"n":1}"#)
        #expect(clock.pendingAlarmCount == 0)

        let stream = Task { try await server.request("GET", "/v1/events") }
        try await waitUntil("the stream to subscribe and arm its heartbeat") {
            server.hub.subscriberCount == 1 && clock.pendingAlarmCount == 1
        }
        server.hub.finishAll()
        _ = try await stream.value
        try await waitUntil("the ended stream to cancel its heartbeat") {
            server.hub.subscriberCount == 0 && clock.pendingAlarmCount == 0
        }
    }
}
