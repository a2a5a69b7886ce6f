import Foundation
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetDaemon

/// A host that restarts over the same bundles and registry database picks up where the last one
/// left off: same timelines, same budget, and no provider call before one is due.
@Suite("Scheduler restart")
struct SchedulerRestartTests {
    private typealias Harness = SchedulerHarness

    private static func at(_ seconds: TimeInterval) -> Date { Harness.at(seconds) }

    @Test("A restarted host restores every record and calls nothing until a policy date comes")
    func restartRestoresTheRegistry() async throws {
        let harness = try await Harness.scripted(persisted: true)
        await harness.reloadDue()
        await harness.step("ScriptedAtEnd", untilCalls: 2, notAfter: Self.at(3_000))
        #expect(harness.clock.now == Self.at(1_200))
        let before = harness.host.registry.allRecords
        #expect(before.map(\.key.kind).sorted() == Harness.scriptedKinds.sorted())
        #expect(before.allSatisfy { $0.timeline != nil && $0.schedule.lastCall != nil })

        // A new host over the same folder and store, on the same clock, at the same instant.
        let host = BundleHost(HostConfiguration(
            searchPath: Harness.searchPath(harness.folder), limits: .hangGuard,
            clock: harness.clock, storeLocation: harness.host.storeLocation, store: harness.store))
        #expect(host.registry.allRecords.allSatisfy { $0.timeline == nil })
        let database = try RegistryDatabase.open(host.storeLocation)
        let restored = try database.restore()
        #expect(restored.problems.isEmpty, "\(restored.problems)")
        host.registry.restore(restored.records, budgetLimit: harness.settings.budgetLimit)

        for saved in before {
            let record = try #require(host.registry.record(for: saved.key))
            #expect(record.timeline == saved.timeline, "\(saved.key)")
            #expect(record.fetchedAt == saved.fetchedAt, "\(saved.key)")
            #expect(record.schedule.budget.spent == saved.schedule.budget.spent, "\(saved.key)")
            #expect(record.schedule.budget.limit == saved.schedule.budget.limit, "\(saved.key)")
            #expect(record.schedule.lastCall == saved.schedule.lastCall, "\(saved.key)")
            #expect(record.schedule.consecutiveFailures == saved.schedule.consecutiveFailures, "\(saved.key)")
            #expect(record.hasPendingRequest == saved.hasPendingRequest, "\(saved.key)")
            let plan = ReloadPlanner.plan(for: record, settings: harness.settings, now: harness.clock.now)
            #expect(plan.isDue(at: harness.clock.now) == false, "\(saved.key) is due at once: \(plan)")
        }
        #expect(host.registry.record(for: Harness.key("ScriptedAtEnd"))?.fetchedAt == Self.at(1_200))

        let log = SchedulerEventLog()
        let scheduler = ReloadScheduler(host: host, settings: harness.settings, database: database) { log.append($0) }
        #expect(await scheduler.reloadDue().isEmpty)
        #expect(log.callCount == 0)
        let plans = Dictionary(uniqueKeysWithValues: scheduler.plans(at: harness.clock.now).map { ($0.record.key.kind, $0.next) })
        #expect(plans["ScriptedAtEnd"] == PlannedReload(date: Self.at(2_400), cause: .policy))
        #expect(plans["ScriptedAfter"] == PlannedReload(date: Self.at(3_600), cause: .policy))
        #expect(plans["ScriptedNever"] == .never)

        // The restarted scheduler's first call is the policy's, at its date.
        while log.callCount == 0, let next = scheduler.nextWakeDate(), next <= Self.at(3_600) {
            harness.clock.advance(to: next)
            await scheduler.reloadDue()
        }
        let first = try #require(log.calls(for: Harness.key("ScriptedAtEnd")).first)
        #expect(first.at == Self.at(2_400))
        #expect(first.cause == .policy)
        #expect(log.callCount == 1)
        #expect(host.registry.record(for: Harness.key("ScriptedAtEnd"))?.schedule.budget.spent
                == [0, 1_200, 2_400].map(Self.at))
    }
}
