import Foundation
import Testing

@Suite struct EntryCommandTests {
    @Test func placeholderShowsTheKindFamilyAndEntry() async throws {
        let result = try await widgethost("placeholder", "CounterWidget", "--now", "2026-01-01T00:00:00Z", "--format", "json")
        #expect(result.status == 0, "\(result.standardError)")
        let answer = try #require(try json(result) as? [String: Any])
        #expect(answer["kind"] as? String == "CounterWidget")
        #expect(answer["family"] as? String == "systemSmall")
        let entry = try #require(answer["entry"] as? [String: Any])
        #expect(entry["date"] as? String == "2026-01-01T00:00:00Z")
        #expect(entry["relevance"] is NSNull)
        #expect((entry["content"] as? [String: Any])?["count"] as? Int == 0)
    }

    @Test func snapshotOfThePillarShowsFive() async throws {
        let result = try await widgethost("snapshot", "PillarWidget", "--preview", "--format", "json")
        let entry = try #require((try json(result) as? [String: Any])?["entry"] as? [String: Any])
        #expect((entry["content"] as? [String: Any])?["pillarsTraversed"] as? Int == 5)
    }

    @Test func textNamesTheCall() async throws {
        let result = try await widgethost("snapshot", "MoviePlannerWidget")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("MoviePlannerWidget snapshot (systemSmall)"))
    }
}
