import Foundation
import TestSupport
import Testing

/// `widgethost stack`: the Smart Stack order of the registry's kinds, by their entries' relevance.
@Suite("stack command")
struct StackCommandTests {
    /// A FishGo document with a "go" verdict, as the app would save it.
    static let goPayload = """
        {"spotName":"Jogashima","verdict":"go","windSpeed":3.5,"waveHeight":0.5,\
        "windDirection":"N","tideType":"spring","updatedAt":"2026-01-01T00:00:00Z"}
        """

    /// A data folder where the game saved 42 pillars, FishGo says go, and a refresh ran.
    static func relevantSamples() async throws -> [String: String] {
        let store = ["WIDGETHOST_DATA_DIR": try TestPaths.makeTemporaryDirectory("widgethost-stack").path]
        for arguments in [
            ["defaults", "write", "group.bacon.data", "pillarsTraversed", "42", "--type", "int"],
            ["defaults", "write", "group.jp.netflowers.FishGo", "widgetFishingData", goPayload, "--type", "json"],
            ["refresh", "--format", "json"],
        ] {
            let result = try await widgethost(arguments, environment: store)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
        }
        return store
    }

    static func items(_ arguments: [String], environment: [String: String]) async throws -> [[String: Any]] {
        let result = try await widgethost(["stack", "--format", "json"] + arguments, environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        let stack = try #require(try json(result) as? [String: Any])
        return try #require(stack["items"] as? [[String: Any]])
    }

    static func date(_ text: String?) throws -> Date {
        try Date(try #require(text), strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    @Test("FishGo's go leads with 1, Pillar's 42 pillars follow with 0.42, kinds without relevance come last with 0")
    func relevanceOrdersTheStack() async throws {
        let items = try await Self.items([], environment: try Self.relevantSamples())
        #expect(items.map { $0["kind"] as? String } == ["FishGoWidget", "PillarWidget", "ClockWidget", "CounterWidget", "MoviePlannerWidget"])
        #expect(items.map { $0["score"] as? Double } == [1, 0.42, 0, 0, 0])
        #expect(items.map { $0["relevance"] as? String } == ["relevant", "relevant", "none", "none", "none"])
        #expect(items.map { $0["rank"] as? Int } == [1, 2, 3, 4, 5])
        #expect(items.allSatisfy { $0["family"] as? String == "systemSmall" })

        // FishGo's relevance lasts 30 minutes from its entry; Pillar's (duration 0) while its entry is current.
        let fish = items[0]
        let entryDate = try Self.date((fish["entry"] as? [String: Any])?["date"] as? String)
        #expect(try Self.date(fish["until"] as? String) == entryDate.addingTimeInterval(30 * 60))
        #expect(items[1]["until"] is NSNull)
        #expect(((items[1]["entry"] as? [String: Any])?["content"] as? [String: Any])?["pillarsTraversed"] as? Int == 42)
    }

    @Test("31 minutes later FishGo's relevance has expired, so Pillar leads and FishGo scores 0")
    func fishGoRelevanceExpires() async throws {
        let store = try await Self.relevantSamples()
        let now = try await Self.items([], environment: store)
        let fish = try #require(now.first { $0["kind"] as? String == "FishGoWidget" })
        let entryDate = try Self.date((fish["entry"] as? [String: Any])?["date"] as? String)
        let later = entryDate.addingTimeInterval(31 * 60).formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))

        let items = try await Self.items(["--at", later], environment: store)
        #expect(items.map { $0["kind"] as? String } == ["PillarWidget", "ClockWidget", "CounterWidget", "FishGoWidget", "MoviePlannerWidget"])
        #expect(items.map { $0["score"] as? Double } == [0.42, 0, 0, 0, 0])
        let expired = try #require(items.first { $0["kind"] as? String == "FishGoWidget" })
        #expect(expired["relevance"] as? String == "expired")
        // Still the entry on screen: only its relevance ran out.
        #expect(try Self.date((expired["entry"] as? [String: Any])?["date"] as? String) == entryDate)

        let text = try await widgethost("stack", "--at", later, environment: store)
        #expect(text.status == 0, "\(text.standardError)")
        let rows = text.standardOutput.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(rows.first?.contains("PillarWidget") == true, "\(text.standardOutput)")
        #expect(rows.contains { $0.contains("FishGoWidget") && $0.contains("expired") }, "\(text.standardOutput)")
    }

    @Test("Another family stacks only the kinds it has: Pillar is systemSmall only")
    func familiesStackSeparately() async throws {
        let items = try await Self.items(["--family", "systemMedium"], environment: try Self.relevantSamples())
        #expect(items.map { $0["kind"] as? String } == ["FishGoWidget", "ClockWidget", "CounterWidget", "MoviePlannerWidget"])
        #expect(items.allSatisfy { $0["family"] as? String == "systemMedium" })
    }

    @Test("Without a registry, stack says so and exits 0 with no items")
    func noRegistryYet() async throws {
        let store = ["WIDGETHOST_DATA_DIR": try TestPaths.makeTemporaryDirectory("widgethost-stack").path]
        let text = try await widgethost("stack", environment: store)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("No registry yet"))
        await #expect(try Self.items([], environment: store).isEmpty)
    }
}
