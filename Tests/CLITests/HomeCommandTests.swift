import Foundation
import TestSupport
import Testing

/// `widgethost home place|list`: the layout as `GET /v1/home` gives it (WidgetHostJSON's
/// `HomeLayoutJSON`; HomeJSONShapeTests in WidgetServerTests compares the two for one store).
///
/// At 1024 × 768 points the grid is 10 × 7 cells of 73 × 64 with gaps of 24 and 42, centred
/// across (its first cell at x 39) from the margin down (y 33).
@Suite("home command")
struct HomeCommandTests {
    @Test func theListIsTheAPIsLayoutWithFramesAsObjectsAndNullsWritten() async throws {
        let store = ["WIDGETHOST_DATA_DIR": try TestPaths.makeTemporaryDirectory("widgethost-home").path]
        let added = try await widgethost("instances", "add", "CounterWidget", "--family", "systemSmall", "--format", "json", environment: store)
        #expect(added.status == 0, "\(added.standardError)")
        let id = try #require((try json(added) as? [String: Any])?["id"] as? String)

        let placed = try await widgethost("home", "place", id, "--cell", "2,0", "--format", "json", environment: store)
        #expect(placed.status == 0, "\(placed.standardError)")
        let placement = try #require(try json(placed) as? [String: Any])
        #expect(placement["output"] is NSNull, "null, every output: \(placement)")
        #expect(placement["column"] as? Int == 2 && placement["row"] as? Int == 0)

        let listed = try await widgethost("home", "list", "--size", "1024x768", "--format", "json", environment: store)
        #expect(listed.status == 0, "\(listed.standardError)")
        let layout = try #require(try json(listed) as? [String: Any])
        #expect(layout["width"] as? Double == 1024 && layout["height"] as? Double == 768)
        #expect(layout["output"] is NSNull, "no --output: only the placements for every output apply: \(layout)")
        #expect(layout["columns"] as? Int == 10 && layout["rows"] as? Int == 7 && layout["pages"] as? Int == 1)
        #expect(layout["lastEventId"] == nil, "the server's alone")
        let grid = try #require(layout["grid"] as? [String: Any])
        #expect((grid["origin"] as? [String: Double]) == ["x": 39, "y": 33])
        #expect(grid["accessoryRow"] as? Bool == false)
        let tile = try #require((layout["tiles"] as? [[String: Any]])?.first)
        #expect(tile["id"] as? String == id && tile["kind"] as? String == "CounterWidget" && tile["family"] as? String == "systemSmall")
        #expect(tile["page"] as? Int == 0 && tile["column"] as? Int == 2 && tile["row"] as? Int == 0 && tile["placed"] as? Bool == true)
        #expect(tile["available"] is Bool, "\(tile)")
        #expect((tile["frame"] as? [String: Double]) == ["x": 39 + 2 * 97, "y": 33, "width": 170, "height": 170])
        #expect((tile["slot"] as? [String: Double]) == ["x": 39 + 2 * 97, "y": 33, "width": 170, "height": 170])
        #expect((layout["unplaceable"] as? [Any])?.isEmpty == true)

        let onOutput = try await widgethost("home", "list", "--output", "DP-1", "--format", "json", environment: store)
        #expect(onOutput.status == 0, "\(onOutput.standardError)")
        #expect((try json(onOutput) as? [String: Any])?["output"] as? String == "DP-1")
    }
}
