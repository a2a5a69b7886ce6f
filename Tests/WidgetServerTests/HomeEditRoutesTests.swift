import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetPayload
import WidgetStore
import WidgetStoreModel
@testable import WidgetServer

/// Edit mode's routes: `POST /v1/home/moves` (a drop, previewed or committed), and Smart Stacks
/// (`POST /v1/home/stacks`, `DELETE /v1/home/stacks/members/{instance}`, `PUT /v1/home/stacks/{id}`).
///
/// At the default 1024 × 768 points the grid is 10 × 7 cells; a small widget spans 2 × 2.
@Suite("HTTP API: home screen edit mode")
struct HomeEditRoutesTests {
    /// The bundles of the kinds the tests placing three widgets place.
    private static let threeKinds = ["CounterWidget", "FishGoWidget", "ClockWidget"]

    private static func object(_ answer: HTTPAnswer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(answer.text)")
    }

    private static func tiles(_ layout: [String: Any]) throws -> [String: [String: Any]] {
        let list = try #require(layout["tiles"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as? String ?? "", $0) })
    }

    /// Each tile's page, column and row, by id.
    private static func cells(_ layout: [String: Any]) throws -> [String: [Int]] {
        try tiles(layout).mapValues { [$0["page"] as? Int ?? -1, $0["column"] as? Int ?? -1, $0["row"] as? Int ?? -1] }
    }

    /// Whether any two tiles of the layout cover a common cell (small widgets only: 2 × 2).
    private static func overlaps(_ layout: [String: Any]) throws -> Bool {
        var taken = Set<[Int]>()
        for cell in try cells(layout).values {
            for column in cell[1]..<(cell[1] + 2) {
                for row in cell[2]..<(cell[2] + 2) where !taken.insert([cell[0], column, row]).inserted { return true }
            }
        }
        return false
    }

    private func send(_ server: ServerFixture, _ method: String, _ path: String, _ body: String = "") async throws -> HTTPAnswer {
        let headers = ["X-Widgethost-Token": server.token.value, "Content-Type": "application/json"]
        return try await server.request(method, path, headers: headers, body: Array(body.utf8))
    }

    private func move(_ server: ServerFixture, _ id: String, column: Int, row: Int, page: Int = 0, commit: Bool) async throws -> HTTPAnswer {
        try await send(server, "POST", "/v1/home/moves", #"{"instance":"\#(id)","page":\#(page),"column":\#(column),"row":\#(row),"commit":\#(commit)}"#)
    }

    private func addPlaced(_ server: ServerFixture, _ kind: String, _ family: WidgetFamily = .systemSmall, column: Int, row: Int) throws -> String {
        let store = try server.store.open()
        let id = try store.addInstance(kind: kind, family: family, configuration: [:]).id
        try store.place(id, output: nil, page: 0, column: column, row: row)
        return id.rawValue
    }

    @Test func aPreviewWritesNothingAndACommitWritesEveryPlacementAtOnce() async throws {
        let server = try await ServerFixture.make(samples: Self.threeKinds)
        defer { server.stop() }
        let counter = try addPlaced(server, "CounterWidget", column: 0, row: 0)
        _ = try addPlaced(server, "ClockWidget", column: 2, row: 0)
        let fish = try addPlaced(server, "FishGoWidget", column: 4, row: 0)
        let before = try server.store.open().homePlacements()

        // Fish dropped on Counter's cell, off its middle: the grid makes room.
        let preview = try await move(server, fish, column: 0, row: 0, commit: false)
        #expect(preview.status == 200, "\(preview.text)")
        let previewed = try Self.object(preview)
        let previewedCells = try Self.cells(previewed)
        #expect(previewedCells[fish] == [0, 0, 0], "\(previewedCells)")
        #expect(previewedCells[counter] != [0, 0, 0] && previewedCells.count == 3)
        #expect(try !Self.overlaps(previewed))
        #expect(try server.store.open().homePlacements() == before, "a preview writes nothing")

        let commit = try await move(server, fish, column: 0, row: 0, commit: true)
        #expect(commit.status == 200, "\(commit.text)")
        let committed = try Self.object(commit)
        #expect(try Self.cells(committed) == previewedCells, "the commit is what the preview showed")
        let read = try Self.object(try await server.request("GET", "/v1/home"))
        #expect(try Self.cells(read) == previewedCells, "GET /v1/home shows it too")
        #expect(try !Self.overlaps(read))
        let after = try server.store.open().homePlacements()
        let written = after.filter { !before.contains($0) }
        #expect(written.count >= 2, "the moved widget and the one it displaced: \(written)")
        let times = written.map(\.placedAt.timeIntervalSince1970)
        #expect(times.max()! - times.min()! < 0.01, "one transaction, one time: \(times)")
        #expect(written.allSatisfy { $0.output == nil }, "new placements are for every output")
        #expect(try Self.tiles(read).values.allSatisfy { $0["placed"] as? Bool == true })
    }

    @Test func aDropWhereTheWidgetAlreadyIsChangesNothing() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget"])
        defer { server.stop() }
        let counter = try addPlaced(server, "CounterWidget", column: 2, row: 2)
        let before = try server.store.open().homePlacements()
        let answer = try await move(server, counter, column: 2, row: 2, commit: true)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(try Self.cells(try Self.object(answer))[counter] == [0, 2, 2])
        #expect(try server.store.open().homePlacements() == before)
    }

    @Test func aStacksMemberMovesItsStackAndAPlacementKeepsItsOutput() async throws {
        let server = try await ServerFixture.make(samples: Self.threeKinds)
        defer { server.stop() }
        let counter = try addPlaced(server, "CounterWidget", column: 0, row: 0)
        let fish = try addPlaced(server, "FishGoWidget", column: 2, row: 0)
        let clock = try addPlaced(server, "ClockWidget", column: 4, row: 0)
        try server.store.open().place(WidgetInstanceID(rawValue: clock), output: "browser", page: 0, column: 4, row: 0)
        try server.store.open().stack(WidgetInstanceID(rawValue: fish), onto: WidgetInstanceID(rawValue: counter))

        // The member below the top (Counter) names the stack, whose place is its top's (FishGo's).
        let moved = try await move(server, counter, column: 4, row: 2, commit: true)
        #expect(moved.status == 200, "\(moved.text)")
        let tiles = try Self.tiles(try Self.object(moved))
        #expect(tiles.count == 2 && tiles[fish]?["column"] as? Int == 4 && tiles[fish]?["row"] as? Int == 2, "\(tiles)")
        let placements = Dictionary(uniqueKeysWithValues: try server.store.open().homePlacements().map { ($0.instance.rawValue, $0) })
        #expect(placements[fish]?.row == 2 && placements[counter] == nil, "the stack's row is its top member's: \(placements)")

        // The Clock, placed for the browser only, keeps that when the grid moves it.
        let displaced = try await move(server, counter, column: 4, row: 0, commit: true)
        #expect(displaced.status == 200, "\(displaced.text)")
        let clockPlacement = try #require(try server.store.open().homePlacements().first { $0.instance.rawValue == clock })
        #expect(clockPlacement.output == "browser" && clockPlacement.column != 4, "\(clockPlacement)")
        #expect(try !Self.overlaps(try Self.object(displaced)))
    }

    @Test func eachRefusedMoveSaysWhichWidgetAndWhy() async throws {
        let server = try await ServerFixture.make(samples: Self.threeKinds)
        defer { server.stop() }
        let counter = try addPlaced(server, "CounterWidget", column: 0, row: 0)

        let unknown = try await move(server, "nosuchwidget", column: 0, row: 0, commit: true)
        #expect(unknown.status == 404 && unknown.text.contains("unknownInstance") && unknown.text.contains("nosuchwidget"), "\(unknown.text)")

        // Column 9 of 10: a small widget's second column would be outside.
        let outside = try await move(server, counter, column: 9, row: 0, commit: false)
        #expect(outside.status == 422 && outside.text.contains("outsideTheGrid") && outside.text.contains(counter), "\(outside.text)")
        #expect(outside.text.contains("columns 0 to 8"), "\(outside.text)")
        let farPage = try await move(server, counter, column: 0, row: 0, page: 5, commit: true)
        #expect(farPage.status == 422 && farPage.text.contains("page 5"), "\(farPage.text)")

        let inline = try server.store.open().addInstance(kind: "ClockWidget", family: .accessoryInline, configuration: [:]).id.rawValue
        let accessory = try await move(server, inline, column: 0, row: 0, commit: false)
        #expect(accessory.status == 422 && accessory.text.contains("notInTheGrid") && accessory.text.contains(inline), "\(accessory.text)")

        let elsewhere = try addPlaced(server, "FishGoWidget", column: 4, row: 0)
        try server.store.open().place(WidgetInstanceID(rawValue: elsewhere), output: "DP-1", page: 0, column: 4, row: 0)
        let otherOutput = try await move(server, elsewhere, column: 6, row: 0, commit: false)
        #expect(otherOutput.status == 409 && otherOutput.text.contains("notOnThisOutput"), "\(otherOutput.text)")
        let onItsOutput = try await send(
            server, "POST", "/v1/home/moves", #"{"instance":"\#(elsewhere)","page":0,"column":6,"row":0,"commit":false,"output":"DP-1"}"#)
        #expect(onItsOutput.status == 200, "\(onItsOutput.text)")

        let noCommit = try await send(server, "POST", "/v1/home/moves", #"{"instance":"\#(counter)","page":0,"column":0,"row":0}"#)
        #expect(noCommit.status == 400 && noCommit.text.contains("commit: expected true or false"), "\(noCommit.text)")
        let wrongMethod = try await send(server, "GET", "/v1/home/moves")
        #expect(wrongMethod.status == 405 && wrongMethod.header("Allow") == "POST", "\(wrongMethod.text)")
        let query = try await send(server, "QUERY", "/v1/home/stacks/members/\(counter)")
        #expect(query.status == 405 && query.header("Allow") == "DELETE", "\(query.text)")
        #expect(try server.store.open().homePlacements().count == 2, "no refusal wrote anything")
    }

    @Test func aWidgetDroppedOnAnotherOfItsFamilyMakesAStackThatSwipesAndUnstacks() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "FishGoWidget"])
        defer { server.stop() }
        let counter = try addPlaced(server, "CounterWidget", column: 0, row: 0)
        let fish = try addPlaced(server, "FishGoWidget", column: 4, row: 2)

        let made = try await send(server, "POST", "/v1/home/stacks", #"{"dropped":"\#(fish)","onto":"\#(counter)"}"#)
        #expect(made.status == 201, "\(made.text)")
        let stack = try Self.object(made)
        let stackID = try #require(stack["id"] as? String)
        #expect(stack["members"] as? [String] == [fish, counter] && stack["shown"] as? String == fish)
        let layout = try Self.tiles(try Self.object(try await server.request("GET", "/v1/home")))
        #expect(layout.count == 1 && layout[fish]?["column"] as? Int == 0, "one tile at the target's cell: \(layout)")

        let swiped = try await send(server, "PUT", "/v1/home/stacks/\(stackID)", #"{"shown":"\#(counter)"}"#)
        #expect(swiped.status == 200, "\(swiped.text)")
        #expect(try Self.object(swiped)["shown"] as? String == counter)
        let shownTiles = try Self.tiles(try Self.object(try await server.request("GET", "/v1/home")))
        #expect(shownTiles[counter] != nil, "the tile shows the member swiped to")
        let rotate = try await send(server, "PUT", "/v1/home/stacks/\(stackID)", #"{"smartRotate":false}"#)
        #expect((try Self.object(rotate))["smartRotate"] as? Bool == false, "\(rotate.text)")

        let notMember = try await send(server, "PUT", "/v1/home/stacks/\(stackID)", #"{"shown":"somebodyelse"}"#)
        #expect(notMember.status == 409 && notMember.text.contains("somebodyelse") && notMember.text.contains(counter), "\(notMember.text)")
        let noStack = try await send(server, "PUT", "/v1/home/stacks/nosuchstack", #"{"shown":"\#(counter)"}"#)
        #expect(noStack.status == 404 && noStack.text.contains("unknownStack"), "\(noStack.text)")

        let left = try await send(server, "DELETE", "/v1/home/stacks/members/\(fish)")
        #expect(left.status == 200, "\(left.text)")
        #expect(try Self.object(left)["unstacked"] as? Bool == true)
        let again = try await send(server, "DELETE", "/v1/home/stacks/members/\(fish)")
        #expect((try Self.object(again))["unstacked"] as? Bool == false, "\(again.text)")
        let gone = try await send(server, "DELETE", "/v1/home/stacks/members/nosuchwidget")
        #expect(gone.status == 404 && gone.text.contains("nosuchwidget"), "\(gone.text)")
        #expect(try server.store.open().homeStacks().isEmpty, "a stack left with one widget is none")
    }

    @Test func aStackOfTwoFamiliesIsRefusedNamingBoth() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "PillarWidget"])
        defer { server.stop() }
        let small = try addPlaced(server, "CounterWidget", column: 0, row: 0)
        let medium = try addPlaced(server, "PillarWidget", .systemMedium, column: 2, row: 0)
        let refused = try await send(server, "POST", "/v1/home/stacks", #"{"dropped":"\#(small)","onto":"\#(medium)"}"#)
        #expect(refused.status == 409 && refused.text.contains("systemSmall") && refused.text.contains("systemMedium"), "\(refused.text)")
        #expect(refused.text.contains(small) && refused.text.contains(medium))
        let itself = try await send(server, "POST", "/v1/home/stacks", #"{"dropped":"\#(small)","onto":"\#(small)"}"#)
        #expect(itself.status == 409 && itself.text.contains("stackOntoItself"), "\(itself.text)")
        let unknown = try await send(server, "POST", "/v1/home/stacks", #"{"dropped":"\#(small)","onto":"nosuchwidget"}"#)
        #expect(unknown.status == 404 && unknown.text.contains("nosuchwidget"), "\(unknown.text)")
        #expect(try server.store.open().homeStacks().isEmpty)
    }
}
