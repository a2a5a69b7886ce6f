import Foundation
import Testing
import TestSupport
import WidgetApp
import WidgetStore
import WidgetStoreModel

/// Reload requests wait in the store until a host has honoured them, so none is lost when no
/// host runs, and acknowledging never drops one made meanwhile.
@Suite("Reload requests")
struct ReloadRequestTests {
    @Test("Recorded requests are pending in order, with their scope and source")
    func recordAndRead() throws {
        let store = try SharedStore.open(TestStore.temporaryLocation())
        #expect(try store.pendingReloadRequests() == [])
        let recorded = try store.recordReloadRequests([.kind("PillarWidget"), .allKinds], source: "cli")
        #expect(recorded.map(\.scope) == [.kind("PillarWidget"), .allKinds])
        #expect(recorded[0].id < recorded[1].id)

        let pending = try store.pendingReloadRequests()
        #expect(pending.map(\.id) == recorded.map(\.id))
        #expect(pending.map(\.scope) == [.kind("PillarWidget"), .allKinds])
        #expect(pending.allSatisfy { $0.source == "cli" })
        #expect(zip(pending, recorded).allSatisfy { abs($0.requestedAt.timeIntervalSince($1.requestedAt)) < 1e-3 })
    }

    @Test("A request for one widget keeps its kind, family and instance, and round-trips through JSON")
    func widgetScope() throws {
        let store = try SharedStore.open(TestStore.temporaryLocation())
        let scopes: [ReloadRequest.Scope] = [
            .widget(kind: "CounterWidget", family: .systemMedium, instance: nil),
            .widget(kind: "FishGoWidget", family: .systemSmall, instance: WidgetInstanceID(rawValue: "wk2m4n6p8q")),
        ]
        let recorded = try store.recordReloadRequests(scopes, source: "cli", forced: true)
        #expect(recorded.map(\.scope) == scopes)
        let pending = try store.pendingReloadRequests()
        #expect(pending.map(\.scope) == scopes)
        #expect(pending.allSatisfy { $0.forced })
        #expect(pending.map(\.scope.kind) == ["CounterWidget", "FishGoWidget"])

        let decoded = try JSONDecoder().decode([ReloadRequest].self, from: JSONEncoder().encode(pending))
        #expect(decoded.map(\.scope) == scopes)
        // A request written before scopes named widgets (no family) is the whole kind.
        let old = try JSONDecoder().decode(
            ReloadRequest.self, from: Data(#"{"id":1,"kind":"CounterWidget","requestedAt":0,"source":"cli"}"#.utf8))
        #expect(old.scope == .kind("CounterWidget"))
    }

    @Test("Acknowledging through an id keeps the requests recorded after it")
    func acknowledgeKeepsLaterRequests() throws {
        let store = try SharedStore.open(TestStore.temporaryLocation())
        try store.recordReloadRequests([.kind("A"), .kind("B")], source: "app")
        // A host reads what is pending...
        let seen = try store.pendingReloadRequests()
        // ...an app asks again while the host reloads...
        let later = try store.recordReloadRequests([.kind("C")], source: "app")
        // ...and the host acknowledges only what it saw.
        try store.acknowledgeReloadRequests(through: try #require(seen.last).id)
        let pending = try store.pendingReloadRequests()
        #expect(pending.map(\.id) == later.map(\.id))
        #expect(pending.map(\.scope) == [.kind("C")])

        try store.acknowledgeReloadRequests(through: later[0].id)
        #expect(try store.pendingReloadRequests() == [])
        // Ids keep growing after everything was acknowledged: a late acknowledgement of an old
        // id can never drop a new request.
        let next = try store.recordReloadRequests([.allKinds], source: "app")
        #expect(next[0].id > later[0].id)
    }

    @Test("Requests are visible to another opening of the store")
    func visibleAcrossOpenings() throws {
        let location = TestStore.temporaryLocation()
        try SharedStore.open(location).recordReloadRequests([.kind("CounterWidget")], source: "app")
        let other = try SharedStore.open(StoreLocation(directory: location.directory, origin: .environment))
        #expect(try other.pendingReloadRequests().map(\.scope) == [.kind("CounterWidget")])
    }

    @Test("With no host running, WidgetCenter queues the request in the store")
    func queuedWithoutHost() throws {
        let location = TestStore.temporaryLocation()
        let center = WidgetCenter(location: location, source: "test-app")
        #expect(try center.reloadTimelines(ofKind: "PillarWidget") == .queuedUntilHostStarts)
        #expect(try center.reloadAllTimelines() == .queuedUntilHostStarts)

        let pending = try SharedStore.open(location).pendingReloadRequests()
        #expect(pending.map(\.scope) == [.kind("PillarWidget"), .allKinds])
        #expect(pending.allSatisfy { $0.source == "test-app" })
    }

    @Test("recordRequests records several requests at once and returns them")
    func recordSeveral() throws {
        let location = TestStore.temporaryLocation()
        let (requests, delivery) = try WidgetCenter(location: location).recordRequests([.kind("A"), .kind("B")])
        #expect(delivery == .queuedUntilHostStarts)
        #expect(requests.map(\.scope) == [.kind("A"), .kind("B")])
        #expect(try SharedStore.open(location).pendingReloadRequests().map(\.id) == requests.map(\.id))
    }
}
