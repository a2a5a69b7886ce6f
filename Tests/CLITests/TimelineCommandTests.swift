import Foundation
import Testing

@Suite struct TimelineCommandTests {
    @Test func showsTheThreeMoviesOneMinuteApart() async throws {
        let result = try await widgethost("timeline", "MoviePlannerWidget", "--now", "2026-01-01T00:00:00Z", "--format", "json")
        #expect(result.status == 0, "\(result.standardError)")
        let timeline = try #require(try json(result) as? [String: Any])
        #expect(timeline["kind"] as? String == "MoviePlannerWidget")
        #expect(timeline["family"] as? String == "systemSmall")
        let entries = try #require(timeline["entries"] as? [[String: Any]])
        #expect(entries.map { $0["date"] as? String } == ["2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z", "2026-01-01T00:02:00Z"])
        #expect(entries.map { ($0["content"] as? [String: Any])?["name"] as? String } == [
            "Avengers: Infinity War", "Avengers: End Game", "Guardians of the Galaxy Volume 3",
        ])
        #expect(entries.allSatisfy { $0["relevance"] is NSNull })
        #expect((timeline["policy"] as? [String: Any])?["type"] as? String == "atEnd")
        #expect(timeline["current"] == nil)
    }

    @Test func atPicksTheLastEntryNotAfterTheDate() async throws {
        let result = try await widgethost("timeline", "MoviePlannerWidget", "--now", "2026-01-01T00:00:00Z", "--at", "2026-01-01T00:01:30Z", "--format", "json")
        let timeline = try #require(try json(result) as? [String: Any])
        let current = try #require(timeline["current"] as? [String: Any])
        #expect((current["content"] as? [String: Any])?["name"] as? String == "Avengers: End Game")
    }

    @Test func atBeforeTheFirstEntryShowsNone() async throws {
        let result = try await widgethost("timeline", "MoviePlannerWidget", "--now", "2026-01-01T00:00:00Z", "--at", "2025-12-31T23:59:59Z", "--format", "json")
        let timeline = try #require(try json(result) as? [String: Any])
        #expect(timeline["current"] is NSNull)
    }

    @Test func textIsATableMarkingTheCurrentEntry() async throws {
        let result = try await widgethost("timeline", "MoviePlannerWidget", "--now", "2026-01-01T00:00:00Z", "--at", "2026-01-01T00:01:30Z")
        #expect(result.status == 0)
        let marked = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("*") }
        #expect(marked.count == 1)
        #expect(marked.first?.contains("Avengers: End Game") == true)
        #expect(result.standardOutput.contains("policy atEnd"))
    }

    @Test func familyChoosesTheFamily() async throws {
        let result = try await widgethost("timeline", "CounterWidget", "--family", "systemLarge", "--format", "json")
        #expect((try json(result) as? [String: Any])?["family"] as? String == "systemLarge")
    }
}
