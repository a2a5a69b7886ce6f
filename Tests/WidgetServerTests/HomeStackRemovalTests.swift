import Foundation
import Testing
import TestSupport
import WidgetPayload
import WidgetStore
import WidgetStoreModel
@testable import WidgetServer

/// A Smart Stack whose widgets are removed one by one through the API, as `/home`'s Remove Widget
/// does: the stack keeps its place while it has two, becomes a single widget in that place with
/// one, and leaves nothing behind with none; `GET /v1/home` shows each step, nothing overlapping.
@Suite("HTTP API: a stack's widgets removed one by one")
struct HomeStackRemovalTests {
    private static func tiles(_ answer: HTTPAnswer) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(answer.text)")
        return try #require(object["tiles"] as? [[String: Any]])
    }

    @Test func theStackShrinksThenDissolvesThenIsGone() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "ClockWidget"])
        defer { server.stop() }
        let store = try server.store.open()
        let ids = try (0..<3).map { _ in try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:]).id }
        let other = try store.addInstance(kind: "ClockWidget", family: .systemSmall, configuration: [:]).id
        try store.place(ids[0], output: nil, page: 0, column: 4, row: 2)
        try store.stack(ids[1], onto: ids[0])
        try store.stack(ids[2], onto: ids[1])
        let token = ["X-Widgethost-Token": server.token.value]

        // Top first: the shown member, as /home's Remove Widget on the stack's tile removes it.
        for (step, removed) in [ids[2], ids[1], ids[0]].enumerated() {
            let answer = try await server.request("DELETE", "/v1/instances/\(removed.rawValue)", headers: token)
            #expect(answer.status == 200, "\(answer.text)")
            let tiles = try Self.tiles(try await server.request("GET", "/v1/home"))
            let left = ids.count - step - 1
            #expect(tiles.count == (left > 0 ? 2 : 1), "step \(step): \(tiles)")
            #expect(!tiles.contains { $0["id"] as? String == removed.rawValue })
            let stackTile = tiles.first { $0["id"] as? String != other.rawValue }
            switch left {
            case 2:
                let stack = try #require(stackTile?["stack"] as? [String: Any], "two left: still a stack")
                #expect((stack["members"] as? [String])?.count == 2)
                #expect(stackTile?["column"] as? Int == 4 && stackTile?["row"] as? Int == 2, "the stack keeps its place")
            case 1:
                #expect(stackTile?["stack"] is NSNull, "one left: a single widget")
                #expect(stackTile?["id"] as? String == ids[0].rawValue)
                #expect(stackTile?["column"] as? Int == 4 && stackTile?["row"] as? Int == 2, "in the stack's place")
            default:
                #expect(stackTile == nil)
            }
            #expect(try store.homeStacks().count == (left >= 2 ? 1 : 0))
        }
        #expect(try store.homePlacements().isEmpty || store.homePlacements().allSatisfy { $0.instance == other })
    }
}
