import Foundation
import Testing
import TestSupport
import WidgetApp
@testable import WidgetHostCore
@testable import WidgetDaemon
import WidgetStoreModel

/// Reload requests for one widget (`ReloadRequest.Scope.widget`), what `widgethost perform`
/// records after a successful perform: a host reloads that widget alone, at once, and leaves the
/// kind's other families and instances to their plans.
///
/// Each test has a scheduler harness over a private copy of the Counter sample (three families)
/// with one user-added instance, every widget fetched once first.
@Suite("Reload requests for one widget")
struct WidgetReloadRequestTests {
    private static let kind = "CounterWidget"

    /// The harness, the keys of the kind (three implicit, one instance) and the instance's key.
    private static func fetchedCounter() async throws -> (harness: SchedulerHarness, keys: [TimelineKey], instance: TimelineKey) {
        let harness = try SchedulerHarness.sample("CounterWidget")
        let added = try harness.store.addInstance(kind: kind, family: .systemSmall, configuration: [:])
        try harness.host.syncInstances()
        // Adding the instance left a wake-up request of its own: taken, as a daemon takes it.
        try harness.host.reloadRequests.acknowledge(try harness.host.reloadRequests.collect())
        await harness.reloadDue()
        let keys = harness.host.registry.allRecords.map(\.key).filter { $0.kind == kind }
        #expect(keys.count == 4, "three families and one instance: \(keys)")
        for key in keys {
            let record = try #require(harness.host.registry.record(for: key))
            #expect(record.timeline != nil && !record.hasPendingRequest, "\(key.label) was fetched once first")
        }
        return (harness, keys, TimelineKey(added))
    }

    /// Records `scope` forced through the store, as the CLI does, and has the host collect it.
    private static func request(_ scope: ReloadRequest.Scope, in harness: SchedulerHarness) throws {
        try WidgetCenter(location: harness.host.storeLocation, source: "test").recordRequests([scope], forced: true)
        let collected = try harness.host.reloadRequests.collect()
        #expect(collected.map(\.scope) == [scope])
    }

    /// Calls made for each key so far.
    private static func callCounts(_ keys: [TimelineKey], in harness: SchedulerHarness) -> [TimelineKey: Int] {
        Dictionary(uniqueKeysWithValues: keys.map { ($0, harness.log.calls(for: $0).count) })
    }

    private static func expectOnlyReloaded(
        _ target: TimelineKey, keys: [TimelineKey], before: [TimelineKey: Int], in harness: SchedulerHarness,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for key in keys {
            let calls = harness.log.calls(for: key)
            if key == target {
                #expect(calls.count == (before[key] ?? 0) + 1, "\(key.label) reloaded once", sourceLocation: sourceLocation)
                #expect(calls.last?.cause == .forced, sourceLocation: sourceLocation)
            } else {
                #expect(calls.count == before[key], "\(key.label) was not reloaded", sourceLocation: sourceLocation)
                #expect(harness.host.registry.record(for: key)?.hasPendingRequest == false, sourceLocation: sourceLocation)
            }
        }
    }

    @Test("A request for the kind in one family reloads that family's widget alone, forced")
    func oneFamily() async throws {
        let (harness, keys, _) = try await Self.fetchedCounter()
        let target = TimelineKey(kind: Self.kind, family: .systemMedium)
        let before = Self.callCounts(keys, in: harness)
        try Self.request(.widget(kind: Self.kind, family: .systemMedium, instance: nil), in: harness)
        #expect(harness.host.registry.record(for: target)?.reloadForced == true)

        let calls = await harness.reloadDue()
        #expect(calls.map(\.cause) == [.forced])
        Self.expectOnlyReloaded(target, keys: keys, before: before, in: harness)
    }

    @Test("A request for a user-added instance reloads that instance alone, not its family's implicit widget")
    func oneInstance() async throws {
        let (harness, keys, instance) = try await Self.fetchedCounter()
        let before = Self.callCounts(keys, in: harness)
        try Self.request(.widget(kind: Self.kind, family: .systemSmall, instance: instance.instance), in: harness)

        let calls = await harness.reloadDue()
        #expect(calls.map(\.cause) == [.forced])
        Self.expectOnlyReloaded(instance, keys: keys, before: before, in: harness)
    }

    @Test("A request for an instance the host does not show marks nothing")
    func unknownInstance() async throws {
        let (harness, keys, _) = try await Self.fetchedCounter()
        try Self.request(.widget(kind: Self.kind, family: .systemSmall, instance: WidgetInstanceID(rawValue: "wgone")), in: harness)
        #expect(keys.allSatisfy { harness.host.registry.record(for: $0)?.hasPendingRequest == false })
        #expect(await harness.reloadDue().isEmpty)
    }

    @Test("An intent that calls reloadTimelines(ofKind:) in perform has that honoured beside the widget's forced reload")
    func intentsOwnReloadIsHonoured() async throws {
        let (harness, keys, _) = try await Self.fetchedCounter()
        let target = TimelineKey(kind: Self.kind, family: .systemLarge)
        let before = Self.callCounts(keys, in: harness)
        // Counter's IncrementCountIntent adds one and calls WidgetCenter.shared.reloadTimelines(ofKind:).
        try await harness.host.perform(kind: Self.kind, intent: "IncrementCountIntent", parameters: [:], for: target)
        try Self.request(.widget(kind: Self.kind, family: .systemLarge, instance: nil), in: harness)
        for key in keys {
            let record = try #require(harness.host.registry.record(for: key))
            #expect(record.hasPendingRequest, "\(key.label): the intent asked for the whole kind")
            #expect(record.reloadForced == (key == target), "\(key.label): only the performed-on widget is forced")
        }

        await harness.reloadDue()
        let forced = try #require(harness.log.calls(for: target).last)
        #expect(forced.cause == .forced)
        #expect(harness.host.registry.record(for: target)?.timeline?.entries.first?.content["count"] == .integer(1))
        // The others are made as the scheduler allows (the kind's minimum interval): within it.
        await harness.run(through: SchedulerHarness.at(10 * 60))
        for key in keys where key != target {
            #expect(harness.log.calls(for: key).count > before[key] ?? 0, "\(key.label) was reloaded for the intent's request")
            #expect(harness.log.calls(for: key).dropFirst(before[key] ?? 0).first?.cause == .request)
        }
    }
}
