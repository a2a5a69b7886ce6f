import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetStore
@testable import WidgetServer
import WidgetPayload
import WidgetStoreModel

/// `GET /v1/home`, `PUT` and `DELETE /v1/home/placements/{id}`, and the `home` event: the home
/// screen's layout over HTTP, arranged for the asker's screen from the placements in the store.
///
/// At 1024 × 768 points the grid is 10 × 7 cells of 73 × 64 with gaps of 24 and 42, centred
/// across (its first cell at x 39) from the margin down (y 33): a small widget's slot at cell
/// (c, r) starts at (39 + 97c, 33 + 106r) and is 170 × 170, the small family's size.
@Suite("HTTP API: home screen")
struct HomeAPITests {
    private static func object(_ answer: HTTPAnswer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(answer.text)")
    }

    private static func tiles(_ layout: [String: Any]) throws -> [String: [String: Any]] {
        let list = try #require(layout["tiles"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as? String ?? "", $0) })
    }

    private func send(_ server: ServerFixture, _ method: String, _ path: String, _ body: String = "") async throws -> HTTPAnswer {
        let headers = ["X-Widgethost-Token": server.token.value, "Content-Type": "application/json"]
        return try await server.request(method, path, headers: headers, body: Array(body.utf8))
    }

    private func addInstance(_ server: ServerFixture, _ kind: String, _ family: WidgetFamily) throws -> String {
        try server.store.open().addInstance(kind: kind, family: family, configuration: [:]).id.rawValue
    }

    @Test func theLayoutPlacesPlacedWidgetsInTheirCellsAndTheOthersInTheFirstFreeOnes() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "PillarWidget"])
        defer { server.stop() }
        let empty = try Self.object(try await server.request("GET", "/v1/home"))
        #expect(empty["columns"] as? Int == 10 && empty["rows"] as? Int == 7, "the default screen is 1024 × 768: \(empty)")
        #expect(empty["pages"] as? Int == 1)
        #expect((empty["tiles"] as? [Any])?.isEmpty == true)
        #expect(empty["output"] as? String == "browser")

        let counter = try addInstance(server, "CounterWidget", .systemSmall)
        let pillar = try addInstance(server, "PillarWidget", .systemMedium)
        try server.store.open().place(WidgetInstanceID(rawValue: counter), output: nil, page: 0, column: 4, row: 2)
        let layout = try Self.object(try await server.request("GET", "/v1/home?width=1024&height=768"))
        let grid = try #require(layout["grid"] as? [String: Any])
        #expect((grid["origin"] as? [String: Double]) == ["x": 39, "y": 33])
        #expect(grid["cellWidth"] as? Double == 73 && grid["cellHeight"] as? Double == 64)
        #expect(grid["columnGap"] as? Double == 24 && grid["rowGap"] as? Double == 42)
        let tiles = try Self.tiles(layout)
        let placed = try #require(tiles[counter])
        #expect(placed["kind"] as? String == "CounterWidget" && placed["family"] as? String == "systemSmall")
        #expect(placed["page"] as? Int == 0 && placed["column"] as? Int == 4 && placed["row"] as? Int == 2)
        #expect(placed["placed"] as? Bool == true && placed["available"] as? Bool == true)
        #expect((placed["frame"] as? [String: Double]) == ["x": 39 + 4 * 97, "y": 33 + 2 * 106, "width": 170, "height": 170])
        let flowing = try #require(tiles[pillar])
        #expect(flowing["column"] as? Int == 0 && flowing["row"] as? Int == 0 && flowing["placed"] as? Bool == false)
        #expect((flowing["slot"] as? [String: Double]) == ["x": 39, "y": 33, "width": 364, "height": 170])
        #expect((layout["unplaceable"] as? [Any])?.isEmpty == true)
        #expect(layout["lastEventId"] as? Int == 0)

        // A widget placed on another output is shown there only.
        try server.store.open().place(WidgetInstanceID(rawValue: counter), output: "DP-1", page: 0, column: 6, row: 4)
        let browser = try Self.tiles(try Self.object(try await server.request("GET", "/v1/home")))
        #expect(browser[counter] == nil && browser[pillar] != nil, "\(browser)")
        let display = try Self.tiles(try Self.object(try await server.request("GET", "/v1/home?output=DP-1")))
        #expect(display[counter]?["column"] as? Int == 6 && display[counter]?["placed"] as? Bool == true)
    }

    @Test func aPlacementPutIsWhereTheNextLayoutShowsTheWidgetAndADeleteForgetsIt() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let counter = try addInstance(server, "CounterWidget", .systemSmall)
        let put = try await send(server, "PUT", "/v1/home/placements/\(counter)", #"{"page":1,"column":2,"row":3}"#)
        #expect(put.status == 200, "\(put.text)")
        let placement = try Self.object(put)
        #expect(placement["instance"] as? String == counter && placement["output"] is NSNull)
        #expect(placement["page"] as? Int == 1 && placement["column"] as? Int == 2 && placement["row"] as? Int == 3)

        let layout = try Self.object(try await server.request("GET", "/v1/home"))
        #expect(layout["pages"] as? Int == 2, "the widget opens its page: \(layout)")
        let tile = try #require(try Self.tiles(layout)[counter])
        #expect(tile["page"] as? Int == 1 && tile["column"] as? Int == 2 && tile["row"] as? Int == 3 && tile["placed"] as? Bool == true)

        let unplaced = try await send(server, "DELETE", "/v1/home/placements/\(counter)")
        #expect(unplaced.status == 200, "\(unplaced.text)")
        #expect(try Self.object(unplaced)["removed"] as? Bool == true)
        let again = try Self.tiles(try Self.object(try await server.request("GET", "/v1/home")))
        #expect(again[counter]?["page"] as? Int == 0 && again[counter]?["column"] as? Int == 0 && again[counter]?["placed"] as? Bool == false)
        let twice = try await send(server, "DELETE", "/v1/home/placements/\(counter)")
        #expect(twice.status == 200)
        #expect(try Self.object(twice)["removed"] as? Bool == false, "it had no place left to forget")
    }

    @Test func anUnknownInstanceIs404AndNothingIsStored() async throws {
        let server = try await ServerFixture.make(samples: [])
        defer { server.stop() }
        let put = try await send(server, "PUT", "/v1/home/placements/wnosuchthing", #"{"page":0,"column":0,"row":0}"#)
        #expect(put.status == 404 && put.text.contains("unknownInstance"), "\(put.text)")
        let delete = try await send(server, "DELETE", "/v1/home/placements/wnosuchthing")
        #expect(delete.status == 404 && delete.text.contains("unknownInstance"), "\(delete.text)")
        #expect(try server.store.open().homePlacements().isEmpty)
    }

    @Test func aBadBodyOrQueryIs400NamingTheField() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let counter = try addInstance(server, "CounterWidget", .systemSmall)
        let bodies: [(String, String)] = [
            ("not json", "body"), ("[1,2]", "body"), (#"{"column":0,"row":0}"#, "page"), (#"{"page":-1,"column":0,"row":0}"#, "page"),
            (#"{"page":0,"column":"a","row":0}"#, "column"), (#"{"page":0,"column":0,"row":1.5}"#, "row"),
            (#"{"page":0,"column":1000,"row":0}"#, "column"), (#"{"page":true,"column":0,"row":0}"#, "page"),
            (#"{"page":0,"column":0,"row":0,"output":5}"#, "output"), (#"{"page":0,"column":0,"row":0,"output":""}"#, "output"),
            (#"{"page":1e300,"column":0,"row":0}"#, "page"),
        ]
        for (body, field) in bodies {
            let answer = try await send(server, "PUT", "/v1/home/placements/\(counter)", body)
            #expect(answer.status == 400, "\(body): \(answer.text)")
            let error = try #require(try Self.object(answer)["error"] as? [String: Any])
            #expect(error["code"] as? String == "badBody", "\(body): \(error)")
            #expect((error["message"] as? String)?.contains(field) == true, "\(body) should name \(field): \(error)")
        }
        #expect(try server.store.open().homePlacements().isEmpty, "no bad body stores anything")
        for query in ["width=abc", "width=0", "height=-5", "height=nan", "width=1e9", "output="] {
            let answer = try await server.request("GET", "/v1/home?\(query)")
            #expect(answer.status == 400 && answer.text.contains("badParameter"), "\(query): \(answer.text)")
            #expect(answer.text.contains(String(query.prefix { $0 != "=" })), "\(query) is named: \(answer.text)")
        }
        let tiny = try Self.object(try await server.request("GET", "/v1/home?width=10&height=10"))
        #expect(tiny["columns"] as? Int == 0 && (tiny["unplaceable"] as? [String]) == [counter], "too small a screen fits nothing: \(tiny)")
    }

    @Test func aRemovedInstanceLeavesTheHomeScreen() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let counter = try addInstance(server, "CounterWidget", .systemSmall)
        let placed = try await send(server, "PUT", "/v1/home/placements/\(counter)", #"{"page":0,"column":2,"row":0}"#)
        #expect(placed.status == 200)
        #expect(try Self.tiles(try Self.object(try await server.request("GET", "/v1/home")))[counter] != nil)
        let removed = try await send(server, "DELETE", "/v1/instances/\(counter)")
        #expect(removed.status == 200, "\(removed.text)")
        let layout = try Self.object(try await server.request("GET", "/v1/home"))
        #expect(try Self.tiles(layout).isEmpty, "\(layout)")
        #expect(try server.store.open().homePlacements().isEmpty, "its placement went with it")
    }

    @Test func aPlacementThroughTheAPIIsAHomeEvent() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let counter = try addInstance(server, "CounterWidget", .systemSmall)
        // What `run` holds while it serves; made after the instance was added, so that only the
        // placement below can wake it.
        let feed = try HomeLayoutFeed(location: server.host.storeLocation, hub: server.hub) { Date() }
        defer { feed.stop() }
        let before = server.hub.lastId
        let put = try await send(server, "PUT", "/v1/home/placements/\(counter)", #"{"page":0,"column":4,"row":0}"#)
        #expect(put.status == 200)
        let event = try await HomeEvents.first(named: "home", in: server.hub, after: before)
        #expect(event.data.contains(#""version":1"#) && event.data.contains(#""at":""#), "\(event.data)")
    }
}
