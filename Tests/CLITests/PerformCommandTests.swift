import Foundation
import TestSupport
import Testing

/// `widgethost perform`: the Counter's `IncrementCountIntent` raises the count in its App Group,
/// and the timeline fetched after shows it; a perform that fails reloads nothing.
@Suite struct PerformCommandTests {
    private static func newStore() -> [String: String] {
        ["WIDGETHOST_DATA_DIR": TestStore.temporaryLocation().directory.path]
    }

    @Test(arguments: ["worker", "in-process"])
    func incrementRaisesTheCountAndTheTimelineShowsIt(_ isolation: String) async throws {
        let store = Self.newStore()
        let write = try await widgethost(
            "defaults", "write", "group.dev.widgethost.counter", "count", "41", "--type", "int", environment: store)
        #expect(write.status == 0, "\(write.standardError)")

        let result = try await widgethost(
            "perform", "CounterWidget", "IncrementCountIntent", "--isolation", isolation, "--format", "json", environment: store)
        #expect(result.status == 0, "\(result.standardError)")
        let reply = try #require(try json(result) as? [String: Any])
        #expect(reply["kind"] as? String == "CounterWidget")
        #expect(reply["intent"] as? String == "IncrementCountIntent")
        #expect(reply["performed"] as? Bool == true)
        #expect(reply["family"] as? String == "systemSmall")
        let timeline = try #require(reply["timeline"] as? [String: Any])
        let entries = try #require(timeline["entries"] as? [[String: Any]])
        let content = try #require(entries.first?["content"] as? [String: Any])
        #expect(content["count"] as? Int == 42)

        let read = try await widgethost("defaults", "read", "group.dev.widgethost.counter", "count", environment: store)
        #expect(read.standardOutput.contains("42"), "\(read.standardOutput)")
    }

    @Test func theTextShowsTheNewCount() async throws {
        let store = Self.newStore()
        let result = try await widgethost("perform", "CounterWidget", "IncrementCountIntent", environment: store)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Performed IncrementCountIntent of CounterWidget."), "\(result.standardOutput)")
    }

    @Test func anUnknownIntentFailsAndReloadsNothing() async throws {
        let store = Self.newStore()
        let result = try await widgethost("perform", "CounterWidget", "DecrementCountIntent", environment: store)
        #expect(result.status != 0)
        #expect(result.standardError.contains("DecrementCountIntent"), "\(result.standardError)")
        #expect(result.standardError.contains("IncrementCountIntent"), "\(result.standardError)")
        // No reload request waits in the store: the next refresh honours none.
        let refresh = try await widgethost("refresh", "--format", "json", environment: store)
        #expect(refresh.status == 0, "\(refresh.standardError)")
        let honoured = try #require((try json(refresh) as? [String: Any])?["honouredReloadRequests"] as? [Any])
        #expect(honoured.isEmpty)
    }

    @Test func aSuccessfulPerformLeavesOneForcedReloadForTheNextRun() async throws {
        let store = Self.newStore()
        let result = try await widgethost("perform", "CounterWidget", "IncrementCountIntent", environment: store)
        #expect(result.status == 0, "\(result.standardError)")
        let refresh = try await widgethost("refresh", "--format", "json", environment: store)
        let honoured = try #require((try json(refresh) as? [String: Any])?["honouredReloadRequests"] as? [[String: Any]])
        #expect(honoured.contains { $0["kind"] as? String == "CounterWidget" && $0["source"] as? String == "cli" })
    }

    @Test func aPerformWithoutAnInstanceReloadsEveryTimelineOfTheKindItsInstancesToo() async throws {
        let store = Self.newStore()
        let add = try await widgethost("instances", "add", "CounterWidget", "--family", "systemLarge", "--format", "json", environment: store)
        let id = try #require((try json(add) as? [String: Any])?["id"] as? String)
        // Adding an instance records a wake-up of its own: let a refresh take it first.
        _ = try await widgethost("refresh", environment: store)

        let result = try await widgethost("perform", "CounterWidget", "IncrementCountIntent", "--format", "json", environment: store)
        #expect(result.status == 0, "\(result.standardError)")
        let reloads = try #require((try json(result) as? [String: Any])?["reloads"] as? [[String: Any]])
        #expect(reloads.allSatisfy { $0["kind"] as? String == "CounterWidget" }, "\(reloads)")
        #expect(reloads.contains { $0["instance"] as? String == id && $0["family"] as? String == "systemLarge" }, "\(reloads)")
        #expect(reloads.contains { $0["instance"] == nil && $0["family"] as? String == "systemSmall" }, "\(reloads)")

        // The one request is for the kind, forced: the next run reloads the instance with the rest.
        let refresh = try await widgethost("refresh", "--format", "json", environment: store)
        let honoured = try #require((try json(refresh) as? [String: Any])?["honouredReloadRequests"] as? [[String: Any]])
        let forced = honoured.filter { $0["source"] as? String == "cli" }
        #expect(forced.count == 1, "\(honoured)")
        #expect(forced.first?["kind"] as? String == "CounterWidget")
        #expect(forced.first?["family"] == nil && forced.first?["instance"] == nil, "a kind-wide request: \(honoured)")
        #expect(forced.first?["forced"] as? Bool == true)

        let text = try await widgethost("perform", "CounterWidget", "IncrementCountIntent", environment: store)
        #expect(text.standardOutput.contains("reload every timeline of CounterWidget ("), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("CounterWidget/systemLarge#\(id)"), "\(text.standardOutput)")
    }

    @Test func aPerformForAnInstanceReloadsTheWholeKindToo() async throws {
        let store = Self.newStore()
        let add = try await widgethost("instances", "add", "CounterWidget", "--family", "systemMedium", "--format", "json", environment: store)
        let id = try #require((try json(add) as? [String: Any])?["id"] as? String)
        _ = try await widgethost("refresh", environment: store)
        let result = try await widgethost(
            "perform", "CounterWidget", "IncrementCountIntent", "--instance", id, "--format", "json", environment: store)
        #expect(result.status == 0, "\(result.standardError)")
        let reloads = try #require((try json(result) as? [String: Any])?["reloads"] as? [[String: Any]])
        #expect(reloads.contains { $0["instance"] == nil && $0["family"] as? String == "systemSmall" }, "\(reloads)")
        #expect(reloads.contains { $0["instance"] as? String == id }, "\(reloads)")
    }

    @Test(arguments: ["worker", "in-process"])
    func anIntentThatCompletesTwiceIsReported(_ isolation: String) async throws {
        let folder = try Self.probeFolder()
        let text = try await widgethost(
            "perform", "IntentsProbe", "Twice", "--bundles", folder, "--no-default-bundles", "--isolation", isolation,
            environment: Self.newStore())
        #expect(text.status == 0, "the perform itself succeeded: \(text.standardError)")
        #expect(text.standardError.contains("warning: intent 'Twice' of IntentsProbe completed a second time"), "\(text.standardError)")

        let jsonRun = try await widgethost(
            "perform", "IntentsProbe", "Twice", "--bundles", folder, "--no-default-bundles", "--isolation", isolation,
            "--format", "json", environment: Self.newStore())
        let violations = try #require((try json(jsonRun) as? [String: Any])?["violations"] as? [[String: Any]])
        #expect(violations.map { $0["code"] as? String } == ["intentSecondCompletion"])
    }

    @Test func fishGosRefreshStampsTheSpotAndTheTimelineShowsIt() async throws {
        let store = try await InstancesCommandTests.fishGoData()
        let add = try await widgethost(
            "instances", "add", "FishGoWidget", "--family", "systemMedium", "--set", "spot=harbor", "--format", "json",
            environment: store)
        #expect(add.status == 0, "\(add.standardError)")
        let id = try #require((try json(add) as? [String: Any])?["id"] as? String)
        let result = try await widgethost(
            "perform", "FishGoWidget", "RefreshSpotIntent", "--set", "spot=harbor", "--instance", id,
            "--format", "json", environment: store)
        #expect(result.status == 0, "\(result.standardError)")
        // The timeline fetched after the perform (no host runs) shows the refresh.
        let entries = try #require(((try json(result) as? [String: Any])?["timeline"] as? [String: Any])?["entries"] as? [[String: Any]])
        let shown = try #require((entries.first?["content"] as? [String: Any])?["data"] as? [String: Any])
        #expect(shown["spotName"] as? String == "Harbor")
        #expect(shown["refreshedAt"] is String, "\(shown)")
        let read = try await widgethost("defaults", "read", "group.jp.netflowers.FishGo", "widgetFishingData.harbor", environment: store)
        #expect(read.standardOutput.contains("refreshedAt"), "\(read.standardOutput)")

        let missing = try await widgethost(
            "perform", "FishGoWidget", "RefreshSpotIntent", "--set", "spot=nowhere", environment: store)
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("no data for spot 'nowhere'"), "\(missing.standardError)")
    }

    @Test func anInstanceIsShownInItsOwnFamily() async throws {
        let store = Self.newStore()
        let add = try await widgethost("instances", "add", "CounterWidget", "--family", "systemMedium", "--format", "json", environment: store)
        #expect(add.status == 0, "\(add.standardError)")
        let id = try #require((try json(add) as? [String: Any])?["id"] as? String)

        let result = try await widgethost(
            "perform", "CounterWidget", "IncrementCountIntent", "--instance", id, "--format", "json", environment: store)
        #expect(result.status == 0, "\(result.standardError)")
        let reply = try #require(try json(result) as? [String: Any])
        #expect(reply["instance"] as? String == id)
        #expect(reply["family"] as? String == "systemMedium")
        let entries = try #require((reply["timeline"] as? [String: Any])?["entries"] as? [[String: Any]])
        #expect((entries.first?["content"] as? [String: Any])?["count"] as? Int == 1)
    }

    @Test func anInstanceOfAnotherKindIsRefusedBeforePerforming() async throws {
        let store = Self.newStore()
        let add = try await widgethost("instances", "add", "PillarWidget", "--format", "json", environment: store)
        #expect(add.status == 0, "\(add.standardError)")
        let id = try #require((try json(add) as? [String: Any])?["id"] as? String)
        let result = try await widgethost("perform", "CounterWidget", "IncrementCountIntent", "--instance", id, environment: store)
        #expect(result.status != 0)
        let read = try await widgethost("defaults", "read", "group.dev.widgethost.counter", "count", environment: store)
        #expect(!read.standardOutput.contains("1"), "the count moved: \(read.standardOutput)")
    }

    /// The C fixture with intents (Tests/Fixtures/Intents) alone in a folder, for `--bundles`.
    private static func probeFolder() throws -> String {
        let built = try FixtureCompiler.compile("Tests/Fixtures/Intents/intents_bundle.c")
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-perform-cli")
        try FileManager.default.copyItem(at: built, to: folder.appendingPathComponent(built.lastPathComponent))
        return folder.path
    }

    @Test func anIntentThatThrowsShowsItsErrorAndReloadsNothing() async throws {
        let store = Self.newStore()
        let folder = try Self.probeFolder()
        let result = try await widgethost(
            "perform", "IntentsProbe", "Fail", "--bundles", folder, "--no-default-bundles", environment: store)
        #expect(result.status != 0)
        #expect(result.standardError.contains("the probe failed on purpose"), "\(result.standardError)")
        let refresh = try await widgethost("refresh", "--bundles", folder, "--no-default-bundles", "--format", "json", environment: store)
        #expect(refresh.status == 0, "\(refresh.standardError)")
        let honoured = try #require((try json(refresh) as? [String: Any])?["honouredReloadRequests"] as? [Any])
        #expect(honoured.isEmpty)
    }

    @Test func setValuesAreReadAgainstTheIntentsParameters() async throws {
        let folder = try Self.probeFolder()
        let result = try await widgethost(
            "perform", "IntentsProbe", "Succeed", "--set", "amount=4", "--set", "mode=slow", "--bundles", folder,
            "--no-default-bundles", "--isolation", "in-process", "--format", "json", environment: Self.newStore())
        #expect(result.status == 0, "\(result.standardError)")
        let entries = try #require(((try json(result) as? [String: Any])?["timeline"] as? [String: Any])?["entries"] as? [[String: Any]])
        let content = try #require(entries.first?["content"] as? [String: Any])
        #expect(content["performs"] as? Int == 1)
        #expect((content["parameters"] as? [String: Any])?["amount"] as? Int == 4)
        #expect((content["parameters"] as? [String: Any])?["mode"] as? String == "slow")

        let bad = try await widgethost(
            "perform", "IntentsProbe", "Succeed", "--set", "amount=lots", "--bundles", folder, "--no-default-bundles",
            environment: Self.newStore())
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("amount"), "\(bad.standardError)")
    }

    @Test func bundlesListsTheCountersIntent() async throws {
        let result = try await widgethost("bundles", "--format", "json", environment: Self.newStore())
        #expect(result.status == 0, "\(result.standardError)")
        let reports = try #require(try json(result) as? [[String: Any]])
        let counter = try #require(reports.first { ($0["kinds"] as? [String])?.contains("CounterWidget") == true })
        let intents = try #require(counter["intents"] as? [[String: Any]])
        #expect(intents.map { $0["name"] as? String } == ["IncrementCountIntent"])
        #expect(intents.first?["title"] as? String == "Increment count")
    }

    @Test func aParameterTheIntentDoesNotHaveIsRefused() async throws {
        let result = try await widgethost(
            "perform", "CounterWidget", "IncrementCountIntent", "--set", "amount=2", environment: Self.newStore())
        #expect(result.status != 0)
        #expect(result.standardError.contains("amount"), "\(result.standardError)")
    }
}
