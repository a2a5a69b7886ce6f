import Foundation
import ServerTestSupport
import Testing
import TestSupport
import WidgetHostCore
import WidgetServer

/// Minutes of load on purpose, so outside the unit suite: scripts/stress.sh runs it. (The unit
/// suite checks the subscriber cap with two connections.)
@Suite("Event stream under load", .stressRun)
struct ManySubscribersStressTests {
    /// 200 clients on loopback read a 60-second run of events (20 a second): each gets every
    /// event, in order, none dropped.
    @Test func twoHundredSubscribersEachReceiveEveryEventOfAMinute() async throws {
        let subscribers = 200, interval = Duration.milliseconds(50), run = Duration.seconds(60)
        let count = Int(run / interval)
        let host = try await offThePool {
            let folder = try TestPaths.folderOfSamples(["CounterWidget", "PillarWidget"], prefix: "widgethost-server-stress")
            return BundleHost(HostConfiguration(
                searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
                limits: .hangGuard, storeLocation: TestStore.temporaryLocation()))
        }
        let server = try await LiveServer.start(host: host, maximumSubscribers: 256)
        defer { server.stop() }
        let connections = try await offThePool {
            try (0..<subscribers).map { _ in try server.client.open("GET", "/v1/events") }
        }
        defer { for connection in connections { connection.close() } }
        try await waitUntil("the server to subscribe all \(subscribers) connections") { server.hub.subscriberCount == subscribers }

        let received = Task {
            try await withThrowingTaskGroup(of: [UInt64].self) { group in
                for connection in connections {
                    group.addTask { try await offThePool { ServerSentEvents.read(connection, count: count).map(\.id) } }
                }
                return try await group.reduce(into: [[UInt64]]()) { $0.append($1) }
            }
        }
        // The load itself: events published at a steady 20 a second, as a busy daemon would.
        let clock = ContinuousClock()
        var next = clock.now
        for index in 1...count {
            server.hub.publish(name: "entry", data: #"{"kind":"Load","index":\#(index)}"#)
            next += interval
            try await clock.sleep(until: next)
        }
        let expected = Array(1...UInt64(count))
        let lists = try await received.value
        #expect(lists.count == subscribers)
        let complete = lists.filter { $0 == expected }.count
        #expect(complete == subscribers, "\(subscribers - complete) of \(subscribers) subscribers missed events")
    }
}
