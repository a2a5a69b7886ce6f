import Foundation
import Testing
import TestSupport
import WidgetPayload
import WidgetStore
import WidgetStoreModel
@testable import WidgetServer

/// Two home screens editing at once (two `/home` pages, or API clients): a move carries the
/// `revision` of the layout it was made on, and one made on a layout another screen changed since
/// is refused (409 `layoutChanged`, nothing written) rather than undoing that change; no widget is
/// lost and none overlap, whoever wins.
@Suite("HTTP API: two home screens editing at once")
struct HomeConcurrentEditTests {
    private static func object(_ answer: HTTPAnswer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(answer.text)")
    }

    private static func cells(_ layout: [String: Any]) throws -> [String: [Int]] {
        let list = try #require(layout["tiles"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map {
            ($0["id"] as? String ?? "", [$0["page"] as? Int ?? -1, $0["column"] as? Int ?? -1, $0["row"] as? Int ?? -1])
        })
    }

    private func move(_ server: ServerFixture, _ id: String, column: Int, row: Int, revision: Int?) async throws -> HTTPAnswer {
        let revisionText = revision.map(String.init) ?? "null"
        let body = #"{"instance":"\#(id)","page":0,"column":\#(column),"row":\#(row),"commit":true,"revision":\#(revisionText)}"#
        return try await server.request(
            "POST", "/v1/home/moves", headers: ["X-Widgethost-Token": server.token.value, "Content-Type": "application/json"],
            body: Array(body.utf8))
    }

    private func addPlaced(_ server: ServerFixture, _ kind: String, column: Int) throws -> String {
        let store = try server.store.open()
        let id = try store.addInstance(kind: kind, family: .systemSmall, configuration: [:]).id
        try store.place(id, output: nil, page: 0, column: column, row: 0)
        return id.rawValue
    }

    @Test("A move made on a layout another screen changed since is refused, and writes nothing")
    func aStaleMoveIsRefused() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "ClockWidget"])
        defer { server.stop() }
        let counter = try addPlaced(server, "CounterWidget", column: 0)
        let clock = try addPlaced(server, "ClockWidget", column: 2)

        // Both pages read the same layout.
        let read = try Self.object(try await server.request("GET", "/v1/home"))
        let revision = try #require(read["revision"] as? Int, "GET /v1/home names its revision")

        // Page one moves the Counter to column 6; it wins.
        let first = try await move(server, counter, column: 6, row: 0, revision: revision)
        #expect(first.status == 200, "\(first.text)")
        let afterFirst = try Self.object(first)
        #expect(try #require(afterFirst["revision"] as? Int) > revision)
        let placementsAfterFirst = try server.store.open().homePlacements()

        // Page two, still on the old layout, drops the Clock on column 6: refused, nothing written.
        let second = try await move(server, clock, column: 6, row: 0, revision: revision)
        #expect(second.status == 409, "\(second.text)")
        #expect(second.text.contains("layoutChanged") && second.text.contains("read GET /v1/home again"), "\(second.text)")
        #expect(try server.store.open().homePlacements() == placementsAfterFirst, "the loser's move writes nothing")

        // Read again, page two's move goes through, and the grid makes room: nothing lost or overlapping.
        let now = try #require(try Self.object(try await server.request("GET", "/v1/home"))["revision"] as? Int)
        let retried = try await move(server, clock, column: 6, row: 0, revision: now)
        #expect(retried.status == 200, "\(retried.text)")
        let cells = try Self.cells(try Self.object(retried))
        #expect(cells[clock] == [0, 6, 0])
        #expect(cells.keys.sorted() == [counter, clock].sorted() && cells[counter] != cells[clock], "\(cells)")
    }

    @Test("Widgets added or removed count as changes; swipes and Smart Rotate do not")
    func whatCountsAsAChange() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "ClockWidget"])
        defer { server.stop() }
        let store = try server.store.open()
        let a = try addPlaced(server, "CounterWidget", column: 0)
        let b = try addPlaced(server, "CounterWidget", column: 2)
        let stack = try store.stack(WidgetInstanceID(rawValue: b), onto: WidgetInstanceID(rawValue: a))
        let before = try store.homeLayoutRevision()
        try store.showInStack(WidgetInstanceID(rawValue: a))
        try store.setSmartRotate(stack.id, false)
        #expect(try store.homeLayoutRevision() == before, "a swipe moves nothing")
        _ = try store.addInstance(kind: "ClockWidget", family: .systemSmall, configuration: [:])
        #expect(try store.homeLayoutRevision() > before)
    }

    @Test("A move without a revision is made on the layout as it is (last write wins)")
    func noRevisionLastWriteWins() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let counter = try addPlaced(server, "CounterWidget", column: 0)
        _ = try addPlaced(server, "CounterWidget", column: 2)
        let answer = try await move(server, counter, column: 4, row: 0, revision: nil)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(try Self.cells(try Self.object(answer))[counter] == [0, 4, 0])
    }

    private func write(_ server: ServerFixture, _ method: String, _ path: String, _ body: String) async throws -> HTTPAnswer {
        try await server.request(
            method, path, headers: ["X-Widgethost-Token": server.token.value, "Content-Type": "application/json"], body: Array(body.utf8))
    }

    @Test("A placement or a stack made on a layout another screen changed since is refused, and writes nothing")
    func stalePlacementsAndStacksAreRefused() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let a = try addPlaced(server, "CounterWidget", column: 0)
        let b = try addPlaced(server, "CounterWidget", column: 2)
        let store = try server.store.open()
        let stale = try store.homeLayoutRevision()
        // Another screen changes the layout.
        let c = try addPlaced(server, "CounterWidget", column: 4)
        let placements = try store.homePlacements()

        let placed = try await write(server, "PUT", "/v1/home/placements/\(a)", #"{"page":0,"column":6,"row":0,"revision":\#(stale)}"#)
        #expect(placed.status == 409 && placed.text.contains("layoutChanged"), "\(placed.text)")
        let stacked = try await write(server, "POST", "/v1/home/stacks", #"{"dropped":"\#(a)","onto":"\#(b)","revision":\#(stale)}"#)
        #expect(stacked.status == 409 && stacked.text.contains("layoutChanged"), "\(stacked.text)")
        #expect(try store.homePlacements() == placements, "the refused edits write nothing")
        #expect(try store.homeStacks().isEmpty)

        // On the layout as it is now, both go through.
        let now = try store.homeLayoutRevision()
        let placedNow = try await write(server, "PUT", "/v1/home/placements/\(a)", #"{"page":0,"column":6,"row":0,"revision":\#(now)}"#)
        #expect(placedNow.status == 200, "\(placedNow.text)")
        let afterPlacing = try store.homeLayoutRevision()
        let stackedNow = try await write(server, "POST", "/v1/home/stacks", #"{"dropped":"\#(c)","onto":"\#(b)","revision":\#(afterPlacing)}"#)
        #expect(stackedNow.status == 201, "\(stackedNow.text)")
        #expect(try store.homeStacks().map(\.members) == [[WidgetInstanceID(rawValue: c), WidgetInstanceID(rawValue: b)]])
    }

    @Test("A revision that is not a whole number from 0 is a 400 naming the field")
    func aBadRevisionIsRefused() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let a = try addPlaced(server, "CounterWidget", column: 0)
        for bad in [#""12""#, "-1", "1.5", "true"] {
            let answer = try await write(server, "PUT", "/v1/home/placements/\(a)", #"{"page":0,"column":2,"row":0,"revision":\#(bad)}"#)
            #expect(answer.status == 400 && answer.text.contains("revision: expected"), "\(bad): \(answer.text)")
        }
    }
}
