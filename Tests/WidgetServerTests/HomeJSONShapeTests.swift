import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetStore

/// One home screen, one JSON shape (issue 41): `widgethost home list --format json` prints the
/// layout `GET /v1/home` serves for the same store, screen and output, member for member and value
/// for value (but `lastEventId`, the server's alone). They were two types once, and drifted: the
/// CLI wrote frames as arrays, left out `slot` and `available`, and a nil column instead of null.
@Suite struct HomeJSONShapeTests {
    @Test func theServerAndTheCLIGiveTheSameLayout() async throws {
        let server = try await ServerFixture.make(samples: ["CounterWidget", "PillarWidget", "FishGoWidget"])
        defer { server.stop() }
        let store = try server.store.open()
        let counter = try store.addInstance(kind: "CounterWidget", family: .systemSmall, configuration: [:]).id
        let pillar = try store.addInstance(kind: "PillarWidget", family: .systemMedium, configuration: [:]).id
        // An accessory family (null cells), a kind no bundle declares (not available), a widget
        // placed on every output and one placed on this output only.
        _ = try store.addInstance(kind: "FishGoWidget", family: .accessoryRectangular, configuration: [:])
        _ = try store.addInstance(kind: "GoneWidget", family: .systemLarge, configuration: [:])
        try store.place(counter, output: nil, page: 0, column: 4, row: 2)
        try store.place(pillar, output: "DP-1", page: 1, column: 0, row: 0)
        // What `run` records: the CLI's `available` is whether the last run loaded the kind.
        try server.host.recordCatalog()

        let answer = try await server.request("GET", "/v1/home?width=1280&height=720&output=DP-1")
        #expect(answer.status == 200, "\(answer.text)")
        var served = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(answer.text)")
        #expect(served.removeValue(forKey: "lastEventId") != nil, "the server says which event the layout is as of")
        #expect(served.removeValue(forKey: "revision") is Int, "the server says which revision the layout is, for moves")

        var environment = ProcessInfo.processInfo.environment
        environment["WIDGETHOST_PATH"] = nil
        environment["WIDGETHOST_DATA_DIR"] = server.host.storeLocation.directory.path
        let listed = try await offThePool { [environment] in
            try ProcessRunner.run(
                TestPaths.cli, ["home", "list", "--size", "1280x720", "--output", "DP-1", "--format", "json"], environment: environment)
        }
        #expect(listed.status == 0, "\(listed.standardError)")
        let printed = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: Any], "\(listed.standardOutput)")

        #expect(served.keys.sorted() == printed.keys.sorted(), "the server's members, then the CLI's")
        #expect((served as NSDictionary).isEqual(to: printed), "served \(served), printed \(printed)")

        // And the layout is the one asked for, so the comparison compares something.
        let tiles = try #require(printed["tiles"] as? [[String: Any]])
        #expect(tiles.count == 4, "\(tiles)")
        let byKind = Dictionary(tiles.map { ($0["kind"] as? String ?? "?", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byKind["PillarWidget"]?["page"] as? Int == 1 && byKind["PillarWidget"]?["placed"] as? Bool == true)
        #expect(byKind["CounterWidget"]?["column"] as? Int == 4 && byKind["CounterWidget"]?["available"] as? Bool == true)
        #expect(byKind["FishGoWidget"]?["column"] is NSNull && byKind["FishGoWidget"]?["row"] is NSNull)
        #expect(byKind["GoneWidget"]?["available"] as? Bool == false)
        #expect(byKind["CounterWidget"]?["slot"] is [String: Any] && byKind["CounterWidget"]?["frame"] is [String: Any])
    }
}
