import Foundation
import Testing
import TestSupport
import WidgetApp
@testable import WidgetHostCore
@testable import WidgetDaemon

/// The rolling 24-hour refresh budget as the scheduler spends it, and forced reloads outside it,
/// on the scripted fixture's `.atEnd` kind (a call every 1200 s when the budget allows).
@Suite("Scheduler budget")
struct SchedulerBudgetTests {
    private typealias Harness = SchedulerHarness

    private static let day = RefreshBudget.window
    /// Three scheduled reloads a day; a small minimum interval so it never decides.
    private static let settings = SchedulerSettings(budgetLimit: 3, minimumInterval: 60)

    private static func at(_ seconds: TimeInterval) -> Date { Harness.at(seconds) }

    /// A harness whose `.atEnd` kind has spent its budget: calls at 0, 1200 and 2400 s.
    private static func spentBudget() async throws -> Harness {
        let harness = try await Harness.scripted(settings: settings)
        await harness.reloadDue()
        await harness.step("ScriptedAtEnd", untilCalls: 3, notAfter: at(3_000))
        #expect(harness.calls("ScriptedAtEnd").map(\.at) == [at(0), at(1_200), at(2_400)])
        #expect(try harness.record("ScriptedAtEnd").schedule.budget.used(at: harness.clock.now) == 3)
        return harness
    }

    @Test("With the budget spent, the next reload waits until the first call leaves the 24-hour window")
    func budgetHoldsTheNextReload() async throws {
        let harness = try await Self.spentBudget()
        #expect(harness.clock.now == Self.at(2_400))
        // The policy wants 3600; the budget says a day after the first call.
        #expect(try harness.plan("ScriptedAtEnd") == PlannedReload(date: Self.at(Self.day), cause: .policy, hold: .budget))

        // Nothing more in the day, up to a millisecond before the first call leaves the window.
        await harness.run(through: Self.at(Self.day - 0.001))
        #expect(harness.calls("ScriptedAtEnd").map(\.at) == [Self.at(0), Self.at(1_200), Self.at(2_400)])
        #expect(try harness.plan("ScriptedAtEnd") == PlannedReload(date: Self.at(Self.day), cause: .policy, hold: .budget))

        // The fourth call comes exactly when the first leaves the window.
        await harness.step("ScriptedAtEnd", untilCalls: 4, notAfter: Self.at(2 * Self.day))
        let fourth = try #require(harness.calls("ScriptedAtEnd").last)
        #expect(fourth.at == Self.at(Self.day))
        #expect(fourth.cause == .policy)
        #expect(fourth.succeeded)
        let budget = try harness.record("ScriptedAtEnd").schedule.budget
        #expect(budget.used(at: harness.clock.now) == 3)
        #expect(budget.spent == [1_200, 2_400, Self.day].map(Self.at))
        // The policy's next date (the fourth timeline's last entry) is also when the second call
        // leaves the window: nothing holds it.
        #expect(try harness.plan("ScriptedAtEnd") == PlannedReload(date: Self.at(Self.day + 1_200), cause: .policy))
    }

    @Test("Every kind gets its own budget of three calls in a day")
    func eachKindHasItsOwnBudget() async throws {
        let harness = try await Harness.scripted(settings: Self.settings)
        await harness.run(through: Self.at(Self.day - 1))
        #expect(harness.calls("ScriptedAtEnd").map(\.at) == [0, 1_200, 2_400].map(Self.at))
        #expect(harness.calls("ScriptedAfter").map(\.at) == [0, 3_600, 7_200].map(Self.at))
        #expect(harness.calls("ScriptedNever").map(\.at) == [Self.at(0)])
    }

    @Test("A forced reload is made at once past a spent budget, and does not count against it")
    func forcedReloadBypassesTheBudget() async throws {
        let harness = try await Self.spentBudget()
        let now = harness.clock.now
        let spent = try harness.record("ScriptedAtEnd").schedule.budget.spent

        // As `widgethost reload --force ScriptedAtEnd` asks, through the shared store.
        try WidgetCenter(location: harness.host.storeLocation, source: "scheduler-test")
            .recordRequests([.kind("ScriptedAtEnd")], forced: true)
        let collected = try harness.host.reloadRequests.collect()
        #expect(collected.map(\.forced) == [true])
        #expect(try harness.plan("ScriptedAtEnd") == PlannedReload(date: now, cause: .forced))

        let calls = await harness.reloadDue()
        #expect(calls.map(\.cause) == [.forced])
        let forced = try #require(harness.calls("ScriptedAtEnd").last)
        #expect(forced.at == now)
        #expect(forced.cause == .forced)
        #expect(harness.n("ScriptedAtEnd") == .integer(4))
        let record = try harness.record("ScriptedAtEnd")
        #expect(record.hasPendingRequest == false)
        #expect(record.reloadForced == false)
        #expect(record.schedule.budget.spent == spent)
        #expect(record.schedule.budget.used(at: now) == 3)
        #expect(try harness.plan("ScriptedAtEnd") == PlannedReload(date: Self.at(Self.day), cause: .policy, hold: .budget))

        // An unforced request at the same point waits for the budget.
        harness.host.registry.recordReloadRequest(kinds: ["ScriptedAtEnd"], at: now)
        #expect(try harness.plan("ScriptedAtEnd") == PlannedReload(date: Self.at(Self.day), cause: .request, hold: .budget))
        #expect(await harness.reloadDue().isEmpty)
        #expect(harness.calls("ScriptedAtEnd").count == 4)
    }

    @Test("An app's unforced request through the shared store is stamped on the host's clock and waits for the budget")
    func storeRequestWaitsForTheBudget() async throws {
        let harness = try await Self.spentBudget()
        try WidgetCenter(location: harness.host.storeLocation, source: "scheduler-test")
            .recordRequests([.kind("ScriptedAtEnd")])
        _ = try harness.host.reloadRequests.collect()
        // The host runs on a virtual clock (2026-01-01 plus 40 minutes), not the wall clock the
        // store stamped the request with: the request was made now, as far as the host knows.
        let record = try harness.record("ScriptedAtEnd")
        #expect(record.reloadRequestedAt.map { $0 <= harness.clock.now } == true,
                "requested at \(String(describing: record.reloadRequestedAt)), host clock \(harness.clock.now)")
        let plan = try harness.plan("ScriptedAtEnd")
        #expect(plan == PlannedReload(date: Self.at(Self.day), cause: .request, hold: .budget))
        #expect(await harness.reloadDue().isEmpty)
    }
}
