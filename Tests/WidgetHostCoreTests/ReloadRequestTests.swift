import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetPayload
import WidgetStore
import WidgetStoreModel

/// Reload requests from apps and the CLI (`WidgetCenter`, `widgethost reload`), as a host reads
/// them from its store: `host.reloadRequests`.
///
/// Each test has its own store and its own host over the built samples: an in-memory store, but
/// for the tests of what only the shared store does (another process's request, one listener per
/// data folder). Nothing here fetches a timeline, so it does not matter which host the samples'
/// own services report to.
@Suite("Reload requests")
struct ReloadRequestTests {
    private static let searchPath = BundleSearchPath(locations: [
        SearchLocation(directory: TestPaths.binDirectory.path, origin: .commandLine),
    ])

    private static func makeHost(_ store: MemoryHostStore) -> BundleHost {
        BundleHost(HostConfiguration(searchPath: searchPath, limits: .hangGuard, storeLocation: store.location, store: store))
    }

    private static func makeHost(_ store: LazySharedStore) -> BundleHost {
        BundleHost(HostConfiguration(searchPath: searchPath, limits: .hangGuard, storeLocation: store.location, store: store))
    }

    private static func memoryStore() -> MemoryHostStore {
        MemoryHostStore(containersIn: TestStore.temporaryLocation())
    }

    private static func families(of kind: String, in host: BundleHost) throws -> [WidgetFamily] {
        try host.widget(kind: kind).families
    }

    private static func requestedAt(_ kind: String, _ family: WidgetFamily, in host: BundleHost) -> Date? {
        host.registry.record(for: TimelineKey(kind: kind, family: family))?.reloadRequestedAt
    }

    /// The same requests: ids, scopes and sources equal, dates within a millisecond (what comes
    /// back from the shared store has been through seconds since 1970, which may differ from the
    /// clock's full precision in the last bits).
    private static func same(_ left: [ReloadRequest], _ right: [ReloadRequest]) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy { left, right in
            left.id == right.id && left.scope == right.scope && left.source == right.source
                && abs(left.requestedAt.timeIntervalSince(right.requestedAt)) < 0.001
        }
    }

    @Test("Requests made before the host started are collected and mark their kind in every family")
    func collectsRequestsMadeBeforeTheHostStarted() throws {
        let store = Self.memoryStore()
        let recorded = store.recordReloadRequests([.kind("CounterWidget")], source: "test")
        let host = Self.makeHost(store)
        for family in try Self.families(of: "CounterWidget", in: host) {
            #expect(Self.requestedAt("CounterWidget", family, in: host) == nil)
        }

        let collected = try host.reloadRequests.collect()
        #expect(Self.same(collected, recorded), "collected \(collected), recorded \(recorded)")
        #expect(collected.first?.scope == .kind("CounterWidget"))
        #expect(collected.first?.source == "test")
        let families = try Self.families(of: "CounterWidget", in: host)
        #expect(families.count == 3)
        for family in families {
            #expect(Self.requestedAt("CounterWidget", family, in: host) == collected.first?.requestedAt)
        }
        // Other kinds are left alone.
        #expect(Self.requestedAt("PillarWidget", .systemSmall, in: host) == nil)
        #expect(Self.requestedAt("MoviePlannerWidget", .systemSmall, in: host) == nil)
    }

    @Test("A request for all kinds marks every kind in every family")
    func allKindsMarksEveryKind() throws {
        let store = Self.memoryStore()
        let recorded = store.recordReloadRequests([.allKinds], source: "test")
        let host = Self.makeHost(store)
        let collected = try host.reloadRequests.collect()
        #expect(Self.same(collected, recorded), "collected \(collected), recorded \(recorded)")
        let records = host.registry.allRecords
        #expect(records.count == 13)
        for record in records {
            #expect(record.reloadRequestedAt == collected.first?.requestedAt, "\(record.key) not marked")
        }
    }

    @Test("A request for a kind no bundle declares is returned but marks nothing")
    func unknownKindIsIgnored() throws {
        let store = Self.memoryStore()
        let recorded = store.recordReloadRequests([.kind("NoSuchWidget")], source: "test")
        let host = Self.makeHost(store)
        #expect(Self.same(try host.reloadRequests.collect(), recorded))
        #expect(host.registry.allRecords.allSatisfy { $0.reloadRequestedAt == nil })
        #expect(host.registry.allRecords.allSatisfy { $0.key.kind != "NoSuchWidget" })
    }

    @Test("Collected requests stay pending until acknowledged, and are collected only once")
    func requestsStayPendingUntilAcknowledged() throws {
        let store = Self.memoryStore()
        let first = store.recordReloadRequests([.kind("PillarWidget"), .kind("FishGoWidget")], source: "test")
        let host = Self.makeHost(store)

        let collected = try host.reloadRequests.collect()
        #expect(Self.same(collected, first))
        #expect(store.pendingReloadRequests() == collected)
        #expect(try host.reloadRequests.collect() == [])

        // A host that dies before acknowledging leaves them for the next one.
        let nextHost = Self.makeHost(store)
        #expect(try nextHost.reloadRequests.collect() == collected)

        // A request made after the first collect is new to the first host.
        let second = store.recordReloadRequests([.kind("CounterWidget")], source: "test")
        let collectedSecond = try host.reloadRequests.collect()
        #expect(Self.same(collectedSecond, second))

        try host.reloadRequests.acknowledge(collected)
        #expect(store.pendingReloadRequests() == collectedSecond)
        try host.reloadRequests.acknowledge(collectedSecond)
        #expect(store.pendingReloadRequests() == [])
        #expect(try host.reloadRequests.collect() == [])
    }

    @Test("Concurrent collects hand out each request once")
    func concurrentCollectsDoNotDuplicate() async throws {
        let store = Self.memoryStore()
        let host = Self.makeHost(store)
        for round in 0..<5 {
            let recorded = store.recordReloadRequests(
                [.kind("PillarWidget"), .kind("CounterWidget"), .allKinds], source: "round \(round)")
            let inbox = host.reloadRequests
            let handedOut = try await withThrowingTaskGroup(of: [ReloadRequest].self) { group in
                for _ in 0..<8 { group.addTask { try inbox.collect() } }
                return try await group.reduce(into: [ReloadRequest]()) { $0 += $1 }
            }
            #expect(handedOut.map(\.id).sorted() == recorded.map(\.id), "round \(round)")
        }
    }

    @Test("Acknowledging nothing changes nothing")
    func acknowledgingNothingIsANoOp() throws {
        let store = Self.memoryStore()
        let recorded = store.recordReloadRequests([.allKinds], source: "test")
        try Self.makeHost(store).reloadRequests.acknowledge([])
        #expect(Self.same(store.pendingReloadRequests(), recorded))
    }

    @Test("A listening host hears `widgethost reload` at once")
    func listeningHostReceivesTheCLIsRequest() async throws {
        let location = TestStore.temporaryLocation()
        let store = LazySharedStore(location: location)
        let host = Self.makeHost(store)
        let received = EventLog<ReloadRequest>()
        let listener = try host.reloadRequests.listen { requests in
            for request in requests { received.append(request) }
        }
        defer { listener.stop() }

        var environment = ProcessInfo.processInfo.environment
        environment["WIDGETHOST_DATA_DIR"] = location.directory.path
        environment["WIDGETHOST_PATH"] = nil
        let result = try ProcessRunner.run(
            TestPaths.cli, ["reload", "PillarWidget", "--format", "json"], environment: environment,
            workingDirectory: try TestPaths.makeTemporaryDirectory("widgethost-reload"))
        #expect(result.status == 0, "\(result.standardError)")
        let reply = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
            "not JSON: \(result.standardOutput)")
        #expect(reply["deliveredToRunningHost"] as? Bool == true)
        let requests = try #require(reply["requests"] as? [[String: Any]])
        #expect(requests.map { $0["kind"] as? String } == ["PillarWidget"])
        #expect(requests.first?["source"] as? String == "cli")

        let heard = try await received.wait(for: "the listener to hear the CLI's request") { !$0.isEmpty }
        #expect(heard.map(\.scope) == [.kind("PillarWidget")], "the listener heard \(heard)")
        #expect(heard.first?.source == "cli")
        #expect(heard.first.map { $0.id } == (requests.first?["id"] as? NSNumber)?.int64Value)
        #expect(Self.requestedAt("PillarWidget", .systemSmall, in: host) == heard.first?.requestedAt)
        // Heard, not yet honoured: it stays in the store until the host acknowledges it.
        #expect(try store.pendingReloadRequests().map(\.scope) == [.kind("PillarWidget")])

        // In text, the CLI says the running host was asked.
        let all = try ProcessRunner.run(
            TestPaths.cli, ["reload", "--all"], environment: environment,
            workingDirectory: try TestPaths.makeTemporaryDirectory("widgethost-reload"))
        #expect(all.status == 0, "\(all.standardError)")
        #expect(all.standardOutput.contains("Asked the running host to reload every kind"))
        let both = try await received.wait(for: "the listener to hear the second request") { $0.count >= 2 }
        #expect(both.map(\.scope) == [.kind("PillarWidget"), .allKinds])
    }

    @Test("A second listener on the same store is refused while the first listens")
    func secondListenerIsRefused() throws {
        let location = TestStore.temporaryLocation()
        let host = Self.makeHost(LazySharedStore(location: location))
        let listener = try host.reloadRequests.listen { _ in }
        defer { listener.stop() }
        #expect(throws: HostWakeupError.anotherHostListening(path: location.wakeupSocketURL.path)) {
            _ = try Self.makeHost(LazySharedStore(location: location)).reloadRequests.listen { _ in }
        }
    }
}
