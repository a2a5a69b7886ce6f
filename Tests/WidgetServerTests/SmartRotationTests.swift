import Foundation
import Synchronization
import Testing
import TestSupport
import WidgetHome
import WidgetHostCore
import WidgetPayload
import WidgetStore
import WidgetStoreModel
@testable import WidgetServer

/// Smart Rotate through the real registry: a bundle whose entries carry relevance
/// (Tests/Fixtures/Bundles/relevant_entries.c), its timelines fetched, a stack of its widgets in
/// the shared store, and the daemon's `SmartRotation` writing the member to show; every home
/// screen then reads it (`HomeItem.items`, what `GET /v1/home` and the desktop arrange).
@Suite("Smart Rotate through the registry")
struct SmartRotationTests {
    /// The fixture's T0 (FIXTURE_DATE_1), and the moments its relevance changes.
    private static let t0 = Date(timeIntervalSince1970: 1_767_225_600)
    private static func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    private struct Fixture {
        let host: BundleHost
        let store: LazySharedStore
        let rotation: SmartRotation
        /// RelevantA, RelevantB and RelevantC's instances, stacked in that order (A on top), and
        /// RelevantD's on top of them when asked for.
        let a: WidgetInstanceID, b: WidgetInstanceID, c: WidgetInstanceID, d: WidgetInstanceID?

        var stack: HomeStack {
            get throws { try #require(try store.open().homeStacks().first) }
        }

        /// The member the home screen shows, as `GET /v1/home` reads it.
        var shownOnTheHomeScreen: String? {
            get throws {
                let store = try store.open()
                let items = HomeItem.items(
                    instances: try store.instances(), placements: try store.homePlacements(), stacks: try store.homeStacks(),
                    output: "browser")
                return items.first { $0.stack != nil }?.id
            }
        }
    }

    private static func make(clock: any HostClock = SystemClock(), withD: Bool = false) async throws -> Fixture {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-smart-rotate")
        try TestPaths.copyBundle(try await FixtureBundles.bundle("relevant_entries"), into: folder)
        let store = LazySharedStore(location: TestStore.temporaryLocation())
        let host = BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: .hangGuard, clock: clock, storeLocation: store.location, store: store))
        let shared = try store.open()
        let a = try shared.addInstance(kind: "RelevantA", family: .systemSmall, configuration: [:]).id
        let b = try shared.addInstance(kind: "RelevantB", family: .systemSmall, configuration: [:]).id
        let c = try shared.addInstance(kind: "RelevantC", family: .systemSmall, configuration: [:]).id
        try shared.place(a, output: nil, page: 0, column: 0, row: 0)
        // Dropping onto the stack puts the dropped one on top: C, then B, then A ends A, B, C.
        try shared.stack(c, onto: a)
        try shared.stack(b, onto: c)
        try shared.stack(a, onto: b)
        let d = withD ? try shared.addInstance(kind: "RelevantD", family: .systemSmall, configuration: [:]).id : nil
        if let d { try shared.stack(d, onto: a) }
        _ = try host.syncInstances()
        await host.refreshAllTimelines(now: t0)
        for id in [a, b, c] + (d.map { [$0] } ?? []) {
            let key = TimelineKey(kind: try #require(try shared.instance(id)).kind, family: .systemSmall, instance: id)
            #expect(host.registry.record(for: key)?.timeline?.entries.isEmpty == false, "the fixture's timeline for \(id)")
        }
        return Fixture(host: host, store: store, rotation: SmartRotation(host: host, store: store), a: a, b: b, c: c, d: d)
    }

    @Test("The most relevant member comes forward, and moves again only when the ranking changes")
    func followsTheRanking() async throws {
        let fixture = try await Self.make()
        defer { fixture.host.stopWorkers() }
        #expect(try fixture.stack.members == [fixture.a, fixture.b, fixture.c])
        try fixture.store.open().showInStack(fixture.c)
        #expect(try fixture.shownOnTheHomeScreen == fixture.c.rawValue)

        // T0: A (0.9) leads B (0.2), C has no relevance: A comes forward.
        #expect(try fixture.rotation.apply(at: Self.at(10)).count == 1)
        #expect(try fixture.shownOnTheHomeScreen == fixture.a.rawValue)
        #expect(try fixture.stack.leader == fixture.a)

        // The person swipes to C; with A still leading, Smart Rotate leaves it there.
        try fixture.store.open().showInStack(fixture.c)
        #expect(try fixture.rotation.apply(at: Self.at(20)).isEmpty)
        #expect(try fixture.shownOnTheHomeScreen == fixture.c.rawValue)

        // T0 + 600: B (0.8) overtakes A (0.1): the stack goes to B.
        #expect(try fixture.rotation.apply(at: Self.at(600)).count == 1)
        #expect(try fixture.shownOnTheHomeScreen == fixture.b.rawValue)

        // T0 + 1200: A and B tie at 0.5; B, the leader, stays, and nothing is written.
        #expect(try fixture.rotation.apply(at: Self.at(1_200)).isEmpty)
        #expect(try fixture.shownOnTheHomeScreen == fixture.b.rawValue)
    }

    @Test("With Smart Rotate off the swiped member stays; turning it on brings the leader forward at once")
    func offKeepsTheSwipeAndOnRotates() async throws {
        let fixture = try await Self.make()
        defer { fixture.host.stopWorkers() }
        let stackID = try fixture.stack.id
        try fixture.store.open().setSmartRotate(stackID, false)
        try fixture.store.open().showInStack(fixture.c)
        #expect(try fixture.rotation.apply(at: Self.at(10)).isEmpty)
        #expect(try fixture.shownOnTheHomeScreen == fixture.c.rawValue)

        try fixture.store.open().setSmartRotate(stackID, true)
        try fixture.rotation.apply(at: Self.at(10))
        #expect(try fixture.shownOnTheHomeScreen == fixture.a.rawValue)
    }

    @Test("A relevance whose duration runs out moves the stack at that moment, by an alarm on the host's clock")
    func anExpiringRelevanceMovesTheStackWhenItRunsOut() async throws {
        let clock = VirtualClock(start: Self.at(10))
        let fixture = try await Self.make(clock: clock, withD: true)
        defer {
            fixture.rotation.stop()
            fixture.host.stopWorkers()
        }
        let d = try #require(fixture.d)
        // T0 + 10: D (0.95 for 300 s) leads A (0.9).
        try fixture.rotation.apply(at: clock.now)
        #expect(try fixture.shownOnTheHomeScreen == d.rawValue)
        #expect(clock.nextAlarmDate == Self.at(300), "an alarm for when D's relevance runs out")

        // T0 + 300: D counts 0 and nothing else happens; the alarm re-ranks, and A comes forward.
        clock.advance(to: Self.at(300))
        try await waitUntil("the stack to show A") { (try? fixture.shownOnTheHomeScreen) == fixture.a.rawValue }
        try await waitUntil("no alarm left: no relevance runs out any more") { clock.pendingAlarmCount == 0 }
    }

    @Test("A review after a change wakes the home screens with the stack moved")
    func aReviewWakesTheHomeScreens() async throws {
        let fixture = try await Self.make()
        defer { fixture.host.stopWorkers() }
        let woken = WakeCount()
        let listener = try HomeLayoutListener(location: fixture.store.location) { woken.add() }
        defer { listener.stop() }
        // The system clock is past the fixture's dates: B's last entry (0.5) ties A's, so
        // neither leads; C shown stays. Make A lead by removing B: the ranking changes.
        try fixture.store.open().showInStack(fixture.c)
        try fixture.store.open().removeInstance(fixture.b)
        fixture.rotation.review()
        try await waitUntil("the stack to show A") { (try? fixture.shownOnTheHomeScreen) == fixture.a.rawValue }
        try await waitUntil("a home screen to be told") { woken.value > 0 }
    }
}

private final class WakeCount: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
