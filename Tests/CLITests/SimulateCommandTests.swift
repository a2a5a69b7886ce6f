import Foundation
import TestSupport
import Testing

/// `widgethost simulate`: a day of the daemon's scheduling on a virtual clock, with the samples.
@Suite("simulate command")
struct SimulateCommandTests {
    static let start = "2026-01-01T00:00:00Z"
    /// 24 hours after `start`: the end of the simulated span, which is simulated too.
    static let end = "2026-01-02T00:00:00Z"

    /// A whole day of every sample, in JSON: several tests read it, so it is simulated once.
    static let day = Task { try await widgethost("simulate", "--start", start, "--format", "json") }

    static func simulatedDay() async throws -> [String: Any] {
        let result = try await day.value
        expectNoCrash(result)
        return try #require(try json(result) as? [String: Any])
    }

    static func simulate(_ arguments: String..., environment: [String: String] = [:]) async throws -> [String: Any] {
        let result = try await widgethost(["simulate", "--start", start, "--format", "json"] + arguments, environment: environment)
        expectNoCrash(result)
        return try #require(try json(result) as? [String: Any])
    }

    /// A simulation that ran to its end, with no worker crashed (a crash is logged with its
    /// stack, which the failure then shows).
    static func expectNoCrash(_ result: ProcessResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(!result.standardError.contains("crashed with signal"), "\(result.standardError)", sourceLocation: sourceLocation)
    }

    static func kinds(_ report: [String: Any], _ kind: String) throws -> [[String: Any]] {
        let kinds = try #require(report["kinds"] as? [[String: Any]])
        return kinds.filter { $0["kind"] as? String == kind }
    }

    static func calls(_ kind: [String: Any]) throws -> [[String: Any]] {
        try #require(kind["calls"] as? [[String: Any]])
    }

    static func next(_ object: [String: Any]?) -> (at: String?, reason: String?) {
        let next = object?["next"] as? [String: Any] ?? object?["nextReload"] as? [String: Any]
        return (next?["at"] as? String, next?["reason"] as? String)
    }

    @Test("MoviePlanner is held by the budget: 72 calls 5 minutes apart, then nothing until the first leaves the window")
    func moviePlannerIsLimitedByTheBudget() async throws {
        let report = try await Self.simulatedDay()
        #expect(report["start"] as? String == Self.start)
        #expect(report["end"] as? String == Self.end)
        #expect(report["stoppedEarly"] as? Bool == false)
        let movies = try Self.kinds(report, "MoviePlannerWidget")
        #expect(movies.map { $0["family"] as? String } == ["systemSmall", "systemMedium", "systemLarge"])
        for movie in movies {
            let calls = try Self.calls(movie)
            #expect(calls.count == 72)
            #expect(calls.map { $0["cause"] as? String } == ["initial"] + Array(repeating: "policy", count: 71))
            #expect(calls.allSatisfy { $0["result"] as? String == "ok" && $0["entries"] as? Int == 3 })
            // The timeline ends 2 minutes after the call; the minimum interval makes it 5.
            #expect(Self.next(calls.first).reason == "minimumInterval")
            #expect(calls.last?["at"] as? String == "2026-01-01T05:55:00Z")
            // The 72nd call spends the budget: the next waits until the first call leaves the
            // rolling 24 hours, which is exactly the end of the span (not included: [start, end)).
            #expect(Self.next(calls.last) == (Self.end, "budget"))
            #expect((movie["budget"] as? [String: Any])?["used"] as? Int == 72)
            #expect((movie["budget"] as? [String: Any])?["limit"] as? Int == 72)
            #expect(Self.next(movie) == (Self.end, "budget"))
        }
    }

    @Test("FishGo reloads every 30 minutes by its policy: 48 calls from the start, the end excluded")
    func fishGoEveryThirtyMinutes() async throws {
        let fishes = try await Self.kinds(try Self.simulatedDay(), "FishGoWidget")
        #expect(fishes.count == 3)
        for fish in fishes {
            let calls = try Self.calls(fish)
            // 00:00, 00:30, …, 23:30: the span is [start, end), like a day.
            #expect(calls.count == 48)
            let expected = (0..<48).map { Date(timeIntervalSince1970: 1_767_225_600 + Double($0) * 1_800).formatted(.iso8601) }
            #expect(calls.map { $0["at"] as? String } == expected)
            #expect(calls.map { $0["cause"] as? String } == ["initial"] + Array(repeating: "policy", count: 47))
            #expect(calls.allSatisfy { Self.next($0).reason == "policy" })
            // Well within the budget: all 48, the initial one included, count.
            #expect((fish["budget"] as? [String: Any])?["used"] as? Int == 48)
            #expect(Self.next(fish) == (Self.end, "policy"))
        }
    }

    @Test("--budget 5 holds MoviePlanner to 5 calls before the budget, and says so")
    func aSmallerBudget() async throws {
        let report = try await Self.simulate("--budget", "5", "--kind", "MoviePlannerWidget")
        #expect((report["settings"] as? [String: Any])?["budget"] as? Int == 5)
        let movies = try Self.kinds(report, "MoviePlannerWidget")
        #expect(movies.count == 3)
        for movie in movies {
            let calls = try Self.calls(movie)
            #expect(calls.map { $0["at"] as? String } == (0..<5).map { "2026-01-01T00:\(String(format: "%02d", $0 * 5)):00Z" })
            #expect(Self.next(calls.last) == (Self.end, "budget"))
            #expect((movie["budget"] as? [String: Any])?["limit"] as? Int == 5)
        }
    }

    @Test("The same simulation twice prints the same JSON")
    func deterministic() async throws {
        // A whole day, budgets running out included; the first run is the one the tests above read.
        let first = try await Self.day.value
        let second = try await widgethost("simulate", "--start", Self.start, "--format", "json")
        Self.expectNoCrash(first)
        Self.expectNoCrash(second)
        #expect(!first.standardOutput.isEmpty)
        #expect(first.standardOutput == second.standardOutput)
    }

    @Test("A provider slower than --timeout in real time still answers: on a virtual clock a time limit only guards against hangs")
    func realTimeDecidesNothing() async throws {
        // completes_late answers 2.5 real seconds after each call: past a 1 s timeout, which
        // once made each call a failure and moved every later one (a retry 30 s after it).
        let folder = try FixtureCompiler.compile("Tests/Fixtures/Bundles/completes_late.c").deletingLastPathComponent()
        let report = try await Self.simulate("--bundles", folder.path, "--no-default-bundles", "--timeout", "1", "--hours", "0.1")
        let late = try #require(try Self.kinds(report, "CompletesLate").first)
        let calls = try Self.calls(late)
        #expect(calls.map { $0["at"] as? String } == ["2026-01-01T00:00:00Z", "2026-01-01T00:05:00Z"])
        #expect(calls.map { $0["result"] as? String } == ["ok", "ok"])
    }

    @Test("--kind shows only that kind; an unknown kind is an error")
    func kindFilter() async throws {
        let report = try await Self.simulate("--kind", "PillarWidget", "--hours", "1")
        let kinds = try #require(report["kinds"] as? [[String: Any]])
        #expect(kinds.map { $0["kind"] as? String } == ["PillarWidget"])
        #expect(try Self.calls(kinds[0]).count == 12)  // every 5 minutes, 00:00 up to 01:00

        let unknown = try await widgethost("simulate", "--kind", "NoSuchWidget")
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("NoSuchWidget"))
    }

    @Test("The text names every kind and family, shows causes and reasons, and where the budget ran out")
    func readableText() async throws {
        let result = try await widgethost("simulate", "--start", Self.start)
        #expect(result.status == 0, "\(result.standardError)")
        let text = result.standardOutput
        #expect(text.hasPrefix("Simulated 24 h: \(Self.start) to \(Self.end)"))
        #expect(text.contains("budget 72 reloads per kind and family per 24 h"))
        for key in StatusCommandTests.sampleKeys {
            let (kind, family) = (key.split(separator: "/")[0], key.split(separator: "/")[1])
            #expect(text.contains("\(kind) (\(family)): "), "no summary for \(key)")
        }
        #expect(text.contains("MoviePlannerWidget (systemSmall): 72 calls (1 initial, 71 policy); budget 72/72, ran out at 05:55:00; then 00:00:00+1d budget (policy)"))
        #expect(text.contains("FishGoWidget (systemSmall): 48 calls (1 initial, 47 policy); budget 48/72; then 00:00:00+1d policy"))
        #expect(text.contains("  00:00:00     initial  ok, 3 entries  → 00:05:00 minimumInterval (policy)"))
        #expect(text.contains("  05:55:00     policy   ok, 3 entries  → 00:00:00+1d budget (policy)"))
        // [start, end): nothing is called at the end itself.
        #expect(!text.contains("  00:00:00+1d  policy "))
    }

    @Test("Simulating leaves the registry database and the reload queue alone")
    func touchesNothing() async throws {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-simulate")
        let store = ["WIDGETHOST_DATA_DIR": folder.path]
        #expect(try await widgethost("reload", "CounterWidget", environment: store).status == 0)
        _ = try await Self.simulate("--hours", "1", environment: store)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("registry.sqlite").path))
        // The request is still waiting for a host: the next refresh honours it.
        let refresh = try await widgethost("refresh", "--format", "json", environment: store)
        let honoured = (try json(refresh) as? [String: Any])?["honouredReloadRequests"] as? [[String: Any]]
        #expect(honoured?.map { $0["kind"] as? String } == ["CounterWidget"])
    }
}
