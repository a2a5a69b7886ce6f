import Foundation
import TestSupport
import Testing

/// `widgethost home stack|unstack`: Smart Stacks made and undone from the command line, and the
/// stack as `home list --format json` gives it (`HomeLayoutJSON`'s tile `stack`).
///
/// At 1024 × 768 points the grid is 10 × 7 cells; a small widget spans 2 × 2.
@Suite("home stack command")
struct HomeStackCommandTests {
    private static func add(_ family: String, _ environment: [String: String]) async throws -> String {
        let added = try await widgethost("instances", "add", "CounterWidget", "--family", family, "--format", "json", environment: environment)
        #expect(added.status == 0, "\(added.standardError)")
        return try #require((try json(added) as? [String: Any])?["id"] as? String)
    }

    private static func tiles(_ environment: [String: String]) async throws -> [[String: Any]] {
        let listed = try await widgethost("home", "list", "--size", "1024x768", "--format", "json", environment: environment)
        #expect(listed.status == 0, "\(listed.standardError)")
        return try #require((try json(listed) as? [String: Any])?["tiles"] as? [[String: Any]])
    }

    @Test func aStackIsOneTileAtTheTargetsCellUntilUnstacked() async throws {
        let store = ["WIDGETHOST_DATA_DIR": try TestPaths.makeTemporaryDirectory("widgethost-home-stack").path]
        let dropped = try await Self.add("systemSmall", store)
        let target = try await Self.add("systemSmall", store)
        let placed = try await widgethost("home", "place", target, "--cell", "4,2", environment: store)
        #expect(placed.status == 0, "\(placed.standardError)")

        let stacked = try await widgethost("home", "stack", dropped, "--onto", target, "--format", "json", environment: store)
        #expect(stacked.status == 0, "\(stacked.standardError)")
        let stack = try #require(try json(stacked) as? [String: Any])
        #expect(stack["members"] as? [String] == [dropped, target])
        #expect(stack["shown"] as? String == dropped && stack["smartRotate"] as? Bool == true)

        let tiles = try await Self.tiles(store)
        #expect(tiles.count == 1, "the member below the top is no tile: \(tiles)")
        let tile = try #require(tiles.first)
        #expect(tile["id"] as? String == dropped)
        #expect(tile["column"] as? Int == 4 && tile["row"] as? Int == 2 && tile["placed"] as? Bool == true)
        let tileStack = try #require(tile["stack"] as? [String: Any])
        #expect(tileStack["id"] as? String == stack["id"] as? String)
        #expect(tileStack["members"] as? [String] == [dropped, target] && tileStack["shown"] as? String == dropped)

        let unstacked = try await widgethost("home", "unstack", dropped, environment: store)
        #expect(unstacked.status == 0, "\(unstacked.standardError)")
        #expect(unstacked.standardOutput.contains(dropped) && unstacked.standardOutput.contains("keeps the stack's place"))
        let after = try await Self.tiles(store)
        let byID = Dictionary(uniqueKeysWithValues: after.compactMap { tile in (tile["id"] as? String).map { ($0, tile) } })
        #expect(byID.count == 2)
        #expect(byID[target]?["column"] as? Int == 4 && byID[target]?["placed"] as? Bool == true, "the last member keeps the place")
        #expect(byID[dropped]?["placed"] as? Bool == false, "the one taken out takes the first free slot")
        #expect(after.allSatisfy { $0["stack"] is NSNull }, "no stack is left, and a single widget's stack is null: \(after)")
    }

    @Test func widgetsOfDifferentFamiliesDoNotStackAndTheErrorNamesBoth() async throws {
        let store = ["WIDGETHOST_DATA_DIR": try TestPaths.makeTemporaryDirectory("widgethost-home-stack").path]
        let small = try await Self.add("systemSmall", store)
        let medium = try await Self.add("systemMedium", store)
        let refused = try await widgethost("home", "stack", small, "--onto", medium, environment: store)
        #expect(refused.status != 0)
        for named in [small, "systemSmall", medium, "systemMedium"] {
            #expect(refused.standardError.contains(named), "\(refused.standardError)")
        }
        #expect(try await Self.tiles(store).count == 2)

        let unknown = try await widgethost("home", "unstack", "wnothere", environment: store)
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("wnothere"), "\(unknown.standardError)")
    }
}
