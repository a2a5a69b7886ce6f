import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetStore
@testable import WidgetServer
import WidgetPayload
import WidgetStoreModel

/// The gallery's "add widget", "edit" and "remove" over HTTP: kinds with their parameters, an
/// entity's options from the bundle, and instances checked against the schema before anything
/// is stored. A running daemon takes a change on its wake-up; here the test syncs as it would.
@Suite("HTTP API: instances")
struct InstanceAPITests {
    private static func object(_ answer: HTTPAnswer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(answer.text)")
    }

    private func send(_ server: ServerFixture, _ method: String, _ path: String, _ body: String) async throws -> HTTPAnswer {
        let headers = ["X-Widgethost-Token": server.token.value, "Content-Type": "application/json"]
        return try await server.request(method, path, headers: headers, body: Array(body.utf8))
    }

    @Test func kindsCarryTheirParametersAndAnEntityItsOptions() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "FishGoWidget"])
        defer { server.stop() }
        let kinds = try Self.object(try await server.request("GET", "/v1/kinds"))
        let list = try #require(kinds["kinds"] as? [[String: Any]])
        let fishGo = try #require(list.first { $0["kind"] as? String == "FishGoWidget" })
        let parameters = try #require(fishGo["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["name"] as? String } == ["spot"])
        #expect(parameters.first?["type"] as? String == "entity")
        #expect(list.first { $0["kind"] as? String == "CounterWidget" }?["parameters"] is NSNull)

        let group = try AppGroupID(validating: "group.jp.netflowers.FishGo")
        try server.store.open().setValue(
            .json(.array([.object(["id": .string("harbor"), "name": .string("Harbor")])])), forKey: "widgetFishingSpots", in: group)
        let options = try Self.object(try await server.request("GET", "/v1/kinds/FishGoWidget/options/spot"))
        let values = try #require(options["options"] as? [[String: Any]])
        #expect(values.map { $0["value"] as? String } == ["harbor"])
        #expect(values.map { $0["title"] as? String } == ["Harbor"])

        let notEntity = try await server.request("GET", "/v1/kinds/CounterWidget/options/spot")
        #expect(notEntity.status == 400)
    }

    @Test func anInstanceIsAddedShownChangedAndRemoved() async throws {
        let server = try await ServerFixture.make(samples: ["FishGoWidget"])
        defer { server.stop() }
        let added = try await send(server, "POST", "/v1/instances", #"{"kind":"FishGoWidget","family":"systemMedium","configuration":{"spot":"harbor"}}"#)
        #expect(added.status == 201, "\(added.text)")
        let instance = try Self.object(added)
        let id = try #require(instance["id"] as? String)
        #expect(instance["family"] as? String == "systemMedium")
        #expect((instance["configuration"] as? [String: Any])?["spot"] as? String == "harbor")
        #expect(try server.store.open().instances().map(\.id.rawValue) == [id])

        // The daemon's step on its wake-up: take the instance, call its provider.
        try server.host.syncInstances()
        await server.host.refreshAllTimelines(now: server.host.clock.now)
        let list = try Self.object(try await server.request("GET", "/v1/widgets"))
        let shown = try #require((list["widgets"] as? [[String: Any]])?.first { $0["instance"] as? String == id })
        #expect((shown["configuration"] as? [String: Any])?["spot"] as? String == "harbor")
        #expect(shown["configurable"] as? Bool == true)
        let png = try #require((shown["images"] as? [String: String])?["png"])
        #expect(png == "/v1/instances/\(id)/current.png")
        let image = try await server.request("GET", png)
        #expect(image.status == 200)
        #expect(image.headers["content-type"] == "image/png")
        let detail = try Self.object(try await server.request("GET", "/v1/instances/\(id)"))
        #expect((detail["state"] as? [String: Any])?["instance"] as? String == id)

        let changed = try await send(server, "PUT", "/v1/instances/\(id)", #"{"configuration":{"spot":"cape"}}"#)
        #expect(changed.status == 200, "\(changed.text)")
        #expect(try server.store.open().instance(WidgetInstanceID(rawValue: id))?.configuration == ["spot": .string("cape")])

        let removed = try await send(server, "DELETE", "/v1/instances/\(id)", "")
        #expect(removed.status == 200, "\(removed.text)")
        #expect(try server.store.open().instances().isEmpty)
        let again = try await send(server, "DELETE", "/v1/instances/\(id)", "")
        #expect(again.status == 404)
    }

    @Test func aConfigurationThatDoesNotFitIsRefusedAndNothingStored() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "FishGoWidget"])
        defer { server.stop() }
        let wrongType = try await send(server, "POST", "/v1/instances", #"{"kind":"FishGoWidget","configuration":{"spot":3}}"#)
        #expect(wrongType.status == 422)
        #expect(try Self.object(wrongType)["error"].flatMap { $0 as? [String: Any] }?["code"] as? String == "invalidConfiguration")
        #expect(wrongType.text.contains("'spot'"))
        let unknownParameter = try await send(server, "POST", "/v1/instances", #"{"kind":"FishGoWidget","configuration":{"lake":"x"}}"#)
        #expect(unknownParameter.status == 422)
        #expect(unknownParameter.text.contains("lake"))
        let staticKind = try await send(server, "POST", "/v1/instances", #"{"kind":"CounterWidget","configuration":{"n":1}}"#)
        #expect(staticKind.status == 422)
        let unknownKind = try await send(server, "POST", "/v1/instances", #"{"kind":"Nope"}"#)
        #expect(unknownKind.status == 400)
        let badFamily = try await send(server, "POST", "/v1/instances", #"{"kind":"FishGoWidget","family":"systemHuge"}"#)
        #expect(badFamily.status == 400)
        #expect(try server.store.open().instances().isEmpty)
        // Without the token (and not from the page), a change is refused.
        let anonymous = try await server.request("POST", "/v1/instances", body: Array(#"{"kind":"FishGoWidget"}"#.utf8))
        #expect(anonymous.status == 403)
    }
}
