import Foundation
import TestSupport
import Testing

/// `widgethost status` reads the registry database, never a bundle: it answers without a daemon.
@Suite("status command")
struct StatusCommandTests {
    /// Every sample kind and the families it supports.
    static let sampleKeys: Set<String> = [
        "CounterWidget/systemSmall", "CounterWidget/systemMedium", "CounterWidget/systemLarge",
        "FishGoWidget/systemSmall", "FishGoWidget/systemMedium", "FishGoWidget/accessoryRectangular",
        "MoviePlannerWidget/systemSmall", "MoviePlannerWidget/systemMedium", "MoviePlannerWidget/systemLarge",
        "PillarWidget/systemSmall",
        "ClockWidget/systemSmall", "ClockWidget/systemMedium", "ClockWidget/accessoryRectangular",
    ]

    /// A fresh data folder, as WIDGETHOST_DATA_DIR for several commands in a row.
    static func dataFolder() throws -> [String: String] {
        ["WIDGETHOST_DATA_DIR": try TestPaths.makeTemporaryDirectory("widgethost-status").path]
    }

    static func refreshed() async throws -> [String: String] {
        let store = try dataFolder()
        let refresh = try await widgethost("refresh", "--format", "json", environment: store)
        #expect(refresh.status == 0, "\(refresh.standardError)")
        return store
    }

    static func kinds(_ result: ProcessResult) throws -> [[String: Any]] {
        let status = try #require(try json(result) as? [String: Any])
        return try #require(status["kinds"] as? [[String: Any]])
    }

    @Test("Without a registry, status says so, names the file and what creates it, and exits 0")
    func noRegistryYet() async throws {
        let store = try Self.dataFolder()
        let folder = try #require(store["WIDGETHOST_DATA_DIR"])
        let text = try await widgethost("status", environment: store)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("No registry yet"))
        #expect(text.standardOutput.contains("\(folder)/registry.sqlite"))
        #expect(text.standardOutput.contains("widgethost run"))
        #expect(text.standardOutput.contains("widgethost refresh"))
        #expect(text.standardOutput.contains("Daemon:   not running"))

        let result = try await widgethost("status", "--format", "json", environment: store)
        #expect(result.status == 0, "\(result.standardError)")
        let status = try #require(try json(result) as? [String: Any])
        #expect((status["kinds"] as? [Any])?.isEmpty == true)
        #expect(status["registryExists"] as? Bool == false)
        #expect(status["registry"] as? String == "\(folder)/registry.sqlite")
        // Reporting leaves nothing behind.
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/registry.sqlite"))
    }

    @Test("After a refresh, status lists every sample kind and family with a current entry, a free budget and an ok forced call")
    func afterRefresh() async throws {
        let store = try await Self.refreshed()
        let result = try await widgethost("status", "--format", "json", environment: store)
        #expect(result.status == 0, "\(result.standardError)")
        let status = try #require(try json(result) as? [String: Any])
        let daemon = try #require(status["daemon"] as? [String: Any])
        #expect(daemon["running"] as? Bool == false)
        #expect(daemon["pid"] is NSNull)
        #expect(status["registryExists"] as? Bool == true)

        let kinds = try #require(status["kinds"] as? [[String: Any]])
        let keys = kinds.compactMap { item in (item["kind"] as? String).flatMap { kind in (item["family"] as? String).map { "\(kind)/\($0)" } } }
        #expect(Set(keys) == Self.sampleKeys)
        #expect(keys.count == Self.sampleKeys.count)
        for item in kinds {
            let key = "\(item["kind"] ?? "?")/\(item["family"] ?? "?")"
            #expect((item["entry"] as? [String: Any])?["date"] is String, "\(key) has no current entry")
            let budget = try #require(item["budget"] as? [String: Any])
            // A refresh is forced: it is exempt from the budget.
            #expect(budget["used"] as? Int == 0, "\(key)")
            #expect(budget["remaining"] as? Int == 72, "\(key)")
            let lastCall = try #require(item["lastCall"] as? [String: Any])
            #expect(lastCall["result"] as? String == "ok", "\(key)")
            #expect(lastCall["cause"] as? String == "forced", "\(key)")
            #expect(item["lastError"] is NSNull, "\(key)")
            #expect(item["pendingRequest"] is NSNull, "\(key)")
            let next = try #require(item["nextReload"] as? [String: Any])
            #expect(next["at"] is String, "\(key)")
            // FishGo asks again in 30 minutes and Clock's two hours of entries end later still;
            // the other .atEnd kinds' timelines end within the minimum interval, which then decides.
            let expected = ["FishGoWidget", "ClockWidget"].contains(item["kind"] as? String) ? "policy" : "minimumInterval"
            #expect(next["reason"] as? String == expected, "\(key)")
            #expect(next["cause"] as? String == "policy", "\(key)")
        }

        let text = try await widgethost("status", environment: store)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("Daemon:   not running"))
        for key in Self.sampleKeys {
            let (kind, family) = (key.split(separator: "/")[0], key.split(separator: "/")[1])
            #expect(text.standardOutput.split(separator: "\n").contains { $0.hasPrefix(kind) && $0.contains(" \(family) ") && $0.contains("forced") },
                    "no scheduler row for \(key):\n\(text.standardOutput)")
        }
        #expect(text.standardOutput.contains("0/72 used, 72 left"))
        #expect(text.standardOutput.contains("minimumInterval (policy)"))
    }

    @Test("Status JSON has the header fields and every field of a kind, nulls included")
    func jsonShape() async throws {
        let store = try await Self.refreshed()
        let result = try await widgethost("status", "--format", "json", "--at", "2030-01-01T00:00:00Z", environment: store)
        #expect(result.status == 0, "\(result.standardError)")
        let status = try #require(try json(result) as? [String: Any])
        #expect(Set(status.keys) == ["at", "registry", "registryExists", "daemon", "settings", "settingsSource", "kinds", "unavailableInstances", "problems"])
        #expect(status["at"] as? String == "2030-01-01T00:00:00Z")
        #expect(status["settingsSource"] as? String == "default")
        let settings = try #require(status["settings"] as? [String: Any])
        #expect(settings["budget"] as? Int == 72)
        #expect(settings["backoffInitial"] as? Double == 30)
        #expect(settings["backoffMaximum"] as? Double == 3_600)
        #expect(settings["minimumInterval"] as? Double == 300)
        #expect(Set((status["daemon"] as? [String: Any] ?? [:]).keys) == ["running", "pid", "startedAt"])

        let kind = try #require(try Self.kinds(result).first)
        #expect(Set(kind.keys) == [
            "kind", "family", "bundle", "entry", "url", "fetchedAt", "nextReload", "budget", "lastCall", "lastError",
            "pendingRequest", "consecutiveFailures",
        ])
        #expect(Set((kind["budget"] as? [String: Any] ?? [:]).keys) == ["used", "limit", "remaining", "waitsUntil"])
        #expect(Set((kind["nextReload"] as? [String: Any] ?? [:]).keys) == ["at", "reason", "cause"])
        // The samples draw their views, so their entries carry one.
        #expect(Set((kind["entry"] as? [String: Any] ?? [:]).keys) == ["date", "relevance", "content", "view"])
        // Long after the refresh, with no daemon to act, every reload is due at the moment asked about.
        #expect((kind["nextReload"] as? [String: Any])?["at"] as? String == "2030-01-01T00:00:00Z")
    }
}
