import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetStore
@testable import WidgetServer
import WidgetPayload

/// `POST …/actions`: a click on a widget's `Button(intent:)` as HTTP. The Counter's `+`
/// (`IncrementCountIntent`) runs in its bundle, then every timeline of its kind (each family,
/// each instance) gets one forced reload, as a forced `reload KIND` gives them.
@Suite("HTTP API: actions")
struct ActionAPITests {
    private static let counterGroup = "group.dev.widgethost.counter"

    private func post(_ server: ServerFixture, _ path: String, _ body: String, token: Bool = true) async throws -> HTTPAnswer {
        let headers = ["Content-Type": "application/json"].merging(token ? ["X-Widgethost-Token": server.token.value] : [:]) { $1 }
        return try await server.request("POST", path, headers: headers, body: Array(body.utf8))
    }

    private func count(_ server: ServerFixture) throws -> StoredValue? {
        try server.store.open().value(forKey: "count", in: AppGroupID(validating: Self.counterGroup))
    }

    @Test func theCountersPlusRunsInItsBundleAndReloadsEveryWidgetOfTheKindOnce() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let key = TimelineKey(kind: "CounterWidget", family: .systemMedium)
        let answer = try await post(server, "/v1/widgets/CounterWidget/systemMedium/actions", #"{"intent":"IncrementCountIntent"}"#)
        #expect(answer.status == 200, "\(answer.text)")
        let reply = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        #expect(reply["performed"] as? Bool == true)
        #expect(reply["reloading"] as? Bool == true)
        #expect(try count(server) == .int(1))
        let counterKeys = server.host.registry.allRecords.map(\.key).filter { $0.kind == "CounterWidget" }
        let reloads = try #require(reply["reloads"] as? [[String: Any]])
        #expect(reloads.count == counterKeys.count && counterKeys.count > 1, "\(reloads)")
        let record = try #require(server.host.registry.record(for: key))
        #expect(record.hasPendingRequest && record.reloadForced, "the acted-on widget reloads at once, outside its budget")
        // So does every other widget of the kind: the intent changed what they show too.
        #expect(server.host.registry.record(for: TimelineKey(kind: "CounterWidget", family: .systemSmall))?.reloadForced == true)
        // Clients see them pending until their new timelines come.
        let list = try #require(try JSONSerialization.jsonObject(
            with: Data(try await server.request("GET", "/v1/widgets").body)) as? [String: Any])
        let counters = (list["widgets"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "CounterWidget" }
        #expect(counters.first { $0["family"] as? String == "systemMedium" }?["pending"] as? Bool == true)
        #expect(counters.first { $0["family"] as? String == "systemSmall" }?["pending"] as? Bool == true)
        #expect(list["lastEventId"] as? Int == counterKeys.count, "one pending event for each widget of the kind")

        let again = try await post(server, "/v1/widgets/CounterWidget/systemMedium/actions", #"{"intent":"IncrementCountIntent","parameters":{}}"#)
        #expect(again.status == 200, "\(again.text)")
        #expect(try count(server) == .int(2))
    }

    @Test func aFailedPerformIsTheWidgetsLastErrorAnErrorEventAndNoReload() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        // A count the intent cannot read as a number: its perform throws.
        try server.store.open().setValue(.string("many"), forKey: "count", in: AppGroupID(validating: Self.counterGroup))
        let events = try server.hub.subscribe(after: server.hub.lastId)
        let answer = try await post(server, "/v1/widgets/CounterWidget/systemMedium/actions", #"{"intent":"IncrementCountIntent"}"#)
        #expect(answer.status == 502, "\(answer.text)")
        #expect(answer.text.contains("performFailed"))
        let key = TimelineKey(kind: "CounterWidget", family: .systemMedium)
        let record = try #require(server.host.registry.record(for: key))
        #expect(record.lastError?.code == "performFailed", "\(String(describing: record.lastError))")
        #expect(record.reloadForced == false, "a failed perform reloads nothing")
        #expect(server.host.registry.record(for: TimelineKey(kind: "CounterWidget", family: .systemSmall))?.lastError == nil)
        // The answer has come, so whatever the action published is in the stream: ending the hub
        // lets the test read exactly that, without waiting for more.
        server.hub.finishAll()
        var published: [ServerEvent] = []
        for await event in events { published.append(event) }
        #expect(published.map(\.name) == ["error"])
        let event = try #require(published.first)
        #expect(event.data.contains(#""code":"performFailed""#) && event.data.contains(#""family":"systemMedium""#), "\(event.data)")
        #expect(try count(server) == .string("many"))
    }

    @Test func anIntentTheBundleDoesNotDeclareIsRefusedBeforeTheBundleIsCalled() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let unknown = try await post(server, "/v1/widgets/CounterWidget/systemSmall/actions", #"{"intent":"DecrementCountIntent"}"#)
        #expect(unknown.status == 422, "\(unknown.text)")
        #expect(unknown.text.contains("intentRefused"))
        #expect(unknown.text.contains("IncrementCountIntent"), "the refusal names the intents there are: \(unknown.text)")
        let badParameter = try await post(server, "/v1/widgets/CounterWidget/systemSmall/actions", #"{"intent":"IncrementCountIntent","parameters":{"by":2}}"#)
        #expect(badParameter.status == 422, "\(badParameter.text)")
        #expect(try count(server) == nil)
        #expect(server.host.registry.record(for: TimelineKey(kind: "CounterWidget", family: .systemSmall))?.reloadForced == false)

        let noWidget = try await post(server, "/v1/instances/wnothere/actions", #"{"intent":"IncrementCountIntent"}"#)
        #expect(noWidget.status == 404)
        let badBody = try await post(server, "/v1/widgets/CounterWidget/systemSmall/actions", #"{"parameters":{}}"#)
        #expect(badBody.status == 400)
    }

    @Test func withoutTheTokenOrFromAnotherOriginAnActionIsRefused() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let anonymous = try await post(server, "/v1/widgets/CounterWidget/systemSmall/actions", #"{"intent":"IncrementCountIntent"}"#, token: false)
        #expect(anonymous.status == 403)
        let foreign = try await server.request(
            "POST", "/v1/widgets/CounterWidget/systemSmall/actions",
            headers: ["Content-Type": "application/json", "Origin": "http://evil.example"],
            body: Array(#"{"intent":"IncrementCountIntent"}"#.utf8))
        #expect(foreign.status == 403)
        #expect(try count(server) == nil)
    }
}
