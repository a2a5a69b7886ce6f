import Foundation
import TestSupport
import Testing

/// `widgethost reload`: WidgetCenter's reloads from the command line. With no host running, a
/// request waits in the store for the next `run`, which honours it once. (A running host hearing
/// it at once is in WidgetHostTests' "Reload requests".)
@Suite struct ReloadCommandTests {
    private static func newStore() -> [String: String] {
        ["WIDGETHOST_DATA_DIR": TestStore.temporaryLocation().directory.path]
    }

    @Test func withNoHostTheTextSaysTheRequestWaits() async throws {
        let result = try await widgethost("reload", "PillarWidget", "CounterWidget")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("No host is running"))
        #expect(result.standardOutput.contains("PillarWidget, CounterWidget"))
        #expect(result.standardOutput.contains("widgethost run"))

        let all = try await widgethost("reload", "--all")
        #expect(all.status == 0, "\(all.standardError)")
        #expect(all.standardOutput.contains("every kind"))
    }

    @Test func withNoHostTheJSONSaysNotDelivered() async throws {
        let result = try await widgethost("reload", "PillarWidget", "CounterWidget", "--format", "json")
        #expect(result.status == 0, "\(result.standardError)")
        let reply = try #require(try json(result) as? [String: Any])
        #expect(reply["deliveredToRunningHost"] as? Bool == false)
        let requests = try #require(reply["requests"] as? [[String: Any]])
        #expect(requests.map { $0["kind"] as? String } == ["PillarWidget", "CounterWidget"])
        #expect(requests.allSatisfy { $0["source"] as? String == "cli" })
        #expect(requests.allSatisfy { $0["id"] is Int && $0["requestedAt"] is String })

        let all = try #require(try json(try await widgethost("reload", "--all", "--format", "json")) as? [String: Any])
        let allRequests = try #require(all["requests"] as? [[String: Any]])
        #expect(allRequests.count == 1)
        #expect(allRequests.first?["kind"] is NSNull)  // null means every kind
    }

    @Test func theNextRunHonoursWaitingRequestsOnce() async throws {
        let store = Self.newStore()
        let reload = try await widgethost("reload", "PillarWidget", "--format", "json", environment: store)
        #expect(reload.status == 0, "\(reload.standardError)")
        let requested = try #require((try json(reload) as? [String: Any])?["requests"] as? [[String: Any]])
        #expect((try json(reload) as? [String: Any])?["deliveredToRunningHost"] as? Bool == false)

        let first = try await widgethost("refresh", "--format", "json", environment: store)
        #expect(first.status == 0, "\(first.standardError)")
        let honoured = try #require((try json(first) as? [String: Any])?["honouredReloadRequests"] as? [[String: Any]])
        #expect(honoured.map { $0["kind"] as? String } == ["PillarWidget"])
        #expect(honoured.first?["id"] as? Int == requested.first?["id"] as? Int)
        #expect(honoured.first?["source"] as? String == "cli")

        let second = try await widgethost("refresh", "--format", "json", environment: store)
        #expect(second.status == 0, "\(second.standardError)")
        let none = try #require((try json(second) as? [String: Any])?["honouredReloadRequests"] as? [Any])
        #expect(none.isEmpty)
    }

    @Test func refreshSaysSoInTextWhenItHonouredRequests() async throws {
        let store = Self.newStore()
        #expect(try await widgethost("reload", "--all", environment: store).status == 0)
        let run = try await widgethost("refresh", environment: store)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Honoured 1 reload request(s)"))
        let again = try await widgethost("refresh", environment: store)
        #expect(!again.standardOutput.contains("Honoured"))
    }

    @Test func aKindNoBundleDeclaresIsRefusedWithTheCatalog() async throws {
        let store = Self.newStore()
        #expect(try await widgethost("refresh", "--format", "json", environment: store).status == 0)
        let typo = try await widgethost("reload", "PillarWidgt", "CounterWidget", environment: store)
        #expect(typo.status != 0)
        #expect(typo.standardOutput.isEmpty)
        #expect(typo.standardError.contains("no installed bundle declares kind 'PillarWidgt'"), "\(typo.standardError)")
        #expect(typo.standardError.contains("known kinds: ClockWidget, CounterWidget, FishGoWidget, MoviePlannerWidget, PillarWidget"))
        let known = try await widgethost("reload", "PillarWidget", environment: store)
        #expect(known.status == 0, "\(known.standardError)")
        #expect(known.standardError.isEmpty, "\(known.standardError)")
        // Only the known kind's request waits for the next refresh.
        let next = try await widgethost("refresh", "--format", "json", environment: store)
        let honoured = (try json(next) as? [String: Any])?["honouredReloadRequests"] as? [[String: Any]]
        #expect(honoured?.map { $0["kind"] as? String } == ["PillarWidget"])
    }

    @Test func aKindNoBundleDeclaresIsRefusedBeforeAnyCatalogByScanningTheFolders() async throws {
        let store = Self.newStore()
        let typo = try await widgethost("reload", "NoSuchKind", "--format", "json", environment: store)
        #expect(typo.status != 0)
        #expect(typo.standardOutput.isEmpty)
        #expect(typo.standardError.contains("no installed bundle declares kind 'NoSuchKind'"), "\(typo.standardError)")
        #expect(typo.standardError.contains("PillarWidget"))
        // Nothing was recorded.
        let run = try await widgethost("refresh", "--format", "json", environment: store)
        #expect(((try json(run) as? [String: Any])?["honouredReloadRequests"] as? [Any])?.isEmpty == true)
    }

    @Test func aKindOnlyAWidgethostPathFolderDeclaresIsKnownEvenWithACatalog() async throws {
        let store = Self.newStore()
        #expect(try await widgethost("refresh", "--format", "json", environment: store).status == 0)
        // The catalog names the samples only; the fixtures' folder is read when it does not know a kind.
        #expect(try await widgethost("reload", "UnsortedEntries", environment: store).status != 0)
        var environment = store
        environment["WIDGETHOST_PATH"] = try await FixtureBundles.directory().path
        let result = try await widgethost("reload", "UnsortedEntries", environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func neitherKindsNorAllFails() async throws {
        let result = try await widgethost("reload")
        #expect(result.status != 0)
        #expect(result.standardError.contains("name at least one kind, or pass --all"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func kindsAndAllTogetherFail() async throws {
        let store = Self.newStore()
        let result = try await widgethost("reload", "PillarWidget", "--all", environment: store)
        #expect(result.status != 0)
        #expect(result.standardError.contains("either kinds or --all, not both"))
        // Nothing was recorded: the next run honours nothing.
        let run = try await widgethost("refresh", "--format", "json", environment: store)
        #expect(((try json(run) as? [String: Any])?["honouredReloadRequests"] as? [Any])?.isEmpty == true)
    }
}
