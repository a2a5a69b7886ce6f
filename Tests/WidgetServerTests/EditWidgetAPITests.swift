import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetIsolation
import WidgetStore
@testable import WidgetServer

/// What Edit Widget reads over HTTP, from the configurable C fixture built as an edit sheet's
/// kind (`-DCONFIGURABLE_EDIT_SHEET`) and run in a worker process: the intent's summary in the
/// schema and resolved for a configuration (the entity's title asked of the bundle), a search
/// over a searchable entity and the refusal of one that is not, and a saved value the bundle's
/// query no longer offers, said by the instance's state while its last good timeline stays.
@Suite("HTTP API: Edit Widget")
struct EditWidgetAPITests {
    private static func object(_ answer: HTTPAnswer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(answer.text)")
    }

    private func send(_ server: ServerFixture, _ method: String, _ path: String, _ body: String) async throws -> HTTPAnswer {
        let headers = ["X-Widgethost-Token": server.token.value, "Content-Type": "application/json"]
        return try await server.request(method, path, headers: headers, body: Array(body.utf8))
    }

    /// A server over a private copy of the fixture built with `defines`, its calls in a worker.
    private static func server(defines: [String] = ["CONFIGURABLE_EDIT_SHEET"]) async throws -> ServerFixture {
        let store = LazySharedStore(location: TestStore.temporaryLocation())
        let host = try await offThePool {
            let built = try FixtureCompiler.compile(ConfigurableFixture.source, defines: defines)
            let folder = try TestPaths.makeTemporaryDirectory("widgethost-edit-widget")
            try FileManager.default.copyItem(at: built, to: folder.appendingPathComponent(built.lastPathComponent))
            return BundleHost(HostConfiguration(
                searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
                limits: .hangGuard, storeLocation: store.location, store: store, isolation: WorkerIsolation()))
        }
        return try await ServerFixture.make(host: host, store: store)
    }

    @Test func theKindCarriesItsSummaryAndWhichEntitiesSearch() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let kinds = try Self.object(try await server.request("GET", "/v1/kinds"))
        let kind = try #require((kinds["kinds"] as? [[String: Any]])?.first { $0["kind"] as? String == ConfigurableFixture.kind })
        let summary = try #require(kind["summary"] as? [String: Any])
        #expect(summary["when"] as? String == "weather")
        #expect(summary["comparison"] as? String == "equalTo")
        let parameters = try #require(kind["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["searchable"] as? Bool } == [true, false, false])
    }

    @Test func theSummaryIsResolvedForAConfigurationWithTheEntitysTitle() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let path = "/v1/kinds/\(ConfigurableFixture.kind)/summary"
        let fishing = try Self.object(try await send(server, "POST", path, #"{"configuration":{"spot":"lake","days":5}}"#))
        let summary = try #require(fishing["summary"] as? [String: Any], "\(fishing)")
        #expect(summary["text"] as? String == "Fish at Lake for 5 days")
        #expect(summary["parameters"] as? [String] == ["weather"])
        let sentence = try #require(summary["sentence"] as? [[String: Any]])
        #expect(sentence.first?["text"] as? String == "Fish at ")
        #expect(sentence[1]["parameter"] as? String == "spot")
        #expect(sentence[1]["value"] as? String == "lake")
        #expect(sentence[1]["display"] as? String == "Lake")
        #expect(sentence[1]["title"] as? String == "Spot")

        // The weather chooses the other branch; a spot not yet picked shows as its title.
        let rainy = try Self.object(try await send(server, "POST", path, #"{"configuration":{"weather":"rainy"}}"#))
        let dry = try #require(rainy["summary"] as? [String: Any])
        #expect(dry["text"] as? String == "Stay dry at Spot")
        #expect(dry["parameters"] as? [String] == ["days"])
        #expect((dry["sentence"] as? [[String: Any]])?[1]["display"] is NSNull)

        let unknown = try await send(server, "POST", "/v1/kinds/Nope/summary", #"{"configuration":{}}"#)
        #expect(unknown.status == 404)
        let bad = try await send(server, "POST", path, #"{"configuration":3}"#)
        #expect(bad.status == 400)
    }

    @Test func aSearchableEntityIsSearchedAndAnotherRefused() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let path = "/v1/kinds/\(ConfigurableFixture.kind)/options/spot"
        let found = try Self.object(try await server.request("GET", path + "?matching=BEA"))
        #expect((found["options"] as? [[String: Any]])?.map { $0["value"] as? String } == ["beach"])
        let everything = try Self.object(try await server.request("GET", path + "?matching="))
        #expect((everything["options"] as? [[String: Any]])?.count == 2)
        // The bundle's query answers (ABI 1.7's entity_query): a spot it never suggests is found.
        let hidden = try Self.object(try await server.request("GET", path + "?matching=cove"))
        #expect((hidden["options"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Hidden Cove"])

        let plain = try await Self.server(defines: [])
        defer { plain.stop() }
        let refused = try await plain.request("GET", path + "?matching=be")
        #expect(refused.status == 400)
        let error = try #require(try Self.object(refused)["error"] as? [String: Any])
        #expect(error["code"] as? String == "notSearchable")
        #expect((error["message"] as? String)?.contains("EntityStringQuery") == true)
        // Without `matching`, its suggestions are listed as before.
        #expect(try await plain.request("GET", path).status == 200)
    }

    @Test func aValueTheQueryNoLongerOffersIsSaidAndTheLastGoodTimelineStays() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let added = try await send(server, "POST", "/v1/instances", #"{"kind":"ConfigurableSpot","configuration":{"spot":"fading"}}"#)
        #expect(added.status == 201, "\(added.text)")
        let id = try #require(try Self.object(added)["id"] as? String)
        try server.host.syncInstances()
        // The first timeline for "fading" answers; the next finds the spot gone.
        await server.host.refreshAllTimelines(now: server.host.clock.now)
        let before = try #require(try Self.object(try await server.request("GET", "/v1/instances/\(id)"))["state"] as? [String: Any])
        #expect(before["unavailable"] is NSNull)
        #expect(before["entry"] is [String: Any])

        await server.host.refreshAllTimelines(now: server.host.clock.now)
        let after = try #require(try Self.object(try await server.request("GET", "/v1/instances/\(id)"))["state"] as? [String: Any])
        let unavailable = try #require(after["unavailable"] as? [String: Any], "\(after)")
        #expect(unavailable["parameter"] as? String == "spot")
        #expect(unavailable["value"] as? String == "fading")
        #expect((after["lastError"] as? [String: Any])?["code"] as? String == "unavailableValue")
        #expect(((after["lastError"] as? [String: Any])?["message"] as? String)?.contains("pick another value") == true)
        // The widget keeps showing its last good entry.
        let entry = try #require(after["entry"] as? [String: Any])
        #expect(((entry["content"] as? [String: Any])?["configuration"] as? [String: Any])?["spot"] as? String == "fading")

        // Another value picked: nothing is unavailable any more.
        let changed = try await send(server, "PUT", "/v1/instances/\(id)", #"{"configuration":{"spot":"lake"}}"#)
        #expect(changed.status == 200, "\(changed.text)")
        try server.host.syncInstances()
        await server.host.refreshAllTimelines(now: server.host.clock.now)
        let fixed = try #require(try Self.object(try await server.request("GET", "/v1/instances/\(id)"))["state"] as? [String: Any])
        #expect(fixed["unavailable"] is NSNull)
    }
}
