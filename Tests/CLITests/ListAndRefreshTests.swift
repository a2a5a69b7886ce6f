import Foundation
import TestSupport
import Testing

@Suite struct ListAndRefreshTests {
    @Test func listNamesTheSamplesAndTheirFamilies() async throws {
        let result = try await widgethost("list", "--format", "json")
        #expect(result.status == 0, "\(result.standardError)")
        let kinds = try #require(try json(result) as? [[String: Any]])
        let byKind = Dictionary(uniqueKeysWithValues: kinds.compactMap { item in (item["kind"] as? String).map { ($0, item) } })
        #expect(byKind["CounterWidget"]?["families"] as? [String] == ["systemSmall", "systemMedium", "systemLarge"])
        #expect(byKind["MoviePlannerWidget"]?["families"] as? [String] == ["systemSmall", "systemMedium", "systemLarge"])
        #expect(byKind["PillarWidget"]?["families"] as? [String] == ["systemSmall"])
        #expect(byKind["CounterWidget"]?["displayName"] as? String == "Counter Widget")
        #expect(byKind["PillarWidget"]?["description"] as? String == "Displays the number of pillars traversed.")
        #expect(byKind["MoviePlannerWidget"]?["bundle"] as? String == "MoviePlanner")
    }

    @Test func noArgumentsRunsTheMainJob() async throws {
        let result = try await widgethost()
        #expect(result.status == 0, "\(result.standardError)")
        for kind in ["CounterWidget", "FishGoWidget", "MoviePlannerWidget", "PillarWidget"] {
            #expect(result.standardOutput.contains(kind))
        }
        #expect(result.standardOutput.contains("Guardians of the Galaxy Volume 3"))
        #expect(result.standardOutput.contains("Registry"))
    }

    @Test func refreshAsJSONCoversEveryKindAndFamily() async throws {
        let result = try await widgethost("refresh", "--format", "json", "--now", "2026-01-01T00:00:00Z")
        let run = try #require(try json(result) as? [String: Any])
        let timelines = try #require(run["timelines"] as? [[String: Any]])
        #expect(timelines.count == 13)
        #expect(timelines.allSatisfy { $0["error"] is NSNull || $0["error"] == nil })
        #expect(timelines.allSatisfy { $0["fetchedAt"] as? String == "2026-01-01T00:00:00Z" })
    }

    @Test func withoutDefaultsNothingIsFound() async throws {
        let result = try await widgethost("list", "--no-default-bundles", "--format", "json")
        #expect(try json(result) as? [Any] != nil)
        #expect((try json(result) as? [Any])?.isEmpty == true)
    }

    @Test func widgethostPathIsSearched() async throws {
        let folder = try TestPaths.makeTemporaryDirectory()
        try FileManager.default.copyItem(at: TestPaths.sampleBundle("PillarWidget"), to: folder.appendingPathComponent("pillar.so"))
        let result = try await widgethost("list", "--no-default-bundles", "--format", "json", environment: ["WIDGETHOST_PATH": folder.path])
        let kinds = try #require(try json(result) as? [[String: Any]])
        #expect(kinds.map { $0["kind"] as? String } == ["PillarWidget"])
    }
}
