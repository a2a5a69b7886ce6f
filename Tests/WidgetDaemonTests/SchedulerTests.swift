import Foundation
import Testing
import TestSupport
import WidgetApp
@testable import WidgetHostCore
@testable import WidgetDaemon

/// The reload scheduler on a virtual clock, calling real providers: the scripted fixture
/// (Tests/Fixtures/Bundles/scripted.c), steered through its App Group, and the MoviePlanner
/// sample. Each test has its own copy of the bundle, its own store and its own clock.
@Suite("Scheduler")
struct SchedulerTests {
    private typealias Harness = SchedulerHarness

    private static func at(_ seconds: TimeInterval) -> Date { Harness.at(seconds) }

    // MARK: Reload policies

    @Test("An .atEnd timeline is reloaded exactly when its last entry comes, not earlier")
    func atEndReloadsAtTheLastEntry() async throws {
        let harness = try await Harness.scripted()
        await harness.reloadDue()
        #expect(harness.calls("ScriptedAtEnd").map(\.at) == [Self.at(0)])
        #expect(harness.calls("ScriptedAtEnd").map(\.cause) == [.initial])
        #expect(try harness.plan("ScriptedAtEnd") == PlannedReload(date: Self.at(1_200), cause: .policy))

        // The clock stops at the middle entry (600) without calling; the call comes at the last.
        var wakes: [Date] = []
        while harness.calls("ScriptedAtEnd").count < 2, let wake = await harness.step(notAfter: Self.at(7_200)) {
            wakes.append(wake)
        }
        #expect(wakes.contains(Self.at(600)))
        #expect(harness.calls("ScriptedAtEnd").map(\.at) == [Self.at(0), Self.at(1_200)])
        #expect(harness.calls("ScriptedAtEnd").map(\.cause) == [.initial, .policy])
        #expect(harness.n("ScriptedAtEnd") == .integer(2))
        #expect(try harness.plan("ScriptedAtEnd") == PlannedReload(date: Self.at(2_400), cause: .policy))
    }

    @Test("The host's planned calls are the scheduler's plans: a kind's soonest, none for a .never kind or an unknown one")
    func plannedCallsFollowThePlans() async throws {
        let harness = try await Harness.scripted()
        await harness.reloadDue()
        // The scheduler follows its host from the start: worker isolation asks the host.
        #expect(harness.host.plannedCalls.nextCall(forKinds: ["ScriptedAfter"]) == Self.at(3_600))
        #expect(harness.host.plannedCalls.nextCall(forKinds: ["ScriptedAtEnd", "ScriptedAfter"]) == Self.at(1_200))
        #expect(harness.host.plannedCalls.nextCall(forKinds: ["ScriptedNever"]) == nil)
        #expect(harness.host.plannedCalls.nextCall(forKinds: ["NoSuchKind"]) == nil)
        // A reload request brings the kind's plan to now.
        harness.host.registry.recordReloadRequest(kinds: ["ScriptedNever"], at: harness.clock.now)
        #expect(harness.host.plannedCalls.nextCall(forKinds: ["ScriptedNever"]) == harness.clock.now)
    }

    @Test("An .after(date) timeline is reloaded exactly at that date")
    func afterReloadsAtItsDate() async throws {
        let harness = try await Harness.scripted()
        await harness.reloadDue()
        #expect(try harness.plan("ScriptedAfter") == PlannedReload(date: Self.at(3_600), cause: .policy))

        await harness.step("ScriptedAfter", untilCalls: 2, notAfter: Self.at(10_000))
        #expect(harness.calls("ScriptedAfter").map(\.at) == [Self.at(0), Self.at(3_600)])
        #expect(harness.calls("ScriptedAfter").map(\.cause) == [.initial, .policy])
        #expect(try harness.plan("ScriptedAfter") == PlannedReload(date: Self.at(7_200), cause: .policy))
    }

    @Test("A .never timeline is not reloaded for a day; a reload request then makes exactly one call")
    func neverWaitsForARequest() async throws {
        let harness = try await Harness.scripted()
        let day = RefreshBudget.window
        await harness.run(through: Self.at(day))
        #expect(harness.calls("ScriptedNever").map(\.at) == [Self.at(0)])
        #expect(try harness.plan("ScriptedNever") == .never)
        // The other kinds kept the clock moving all day.
        #expect(harness.calls("ScriptedAfter").count > 20)

        let now = harness.clock.now
        harness.host.registry.recordReloadRequest(kinds: ["ScriptedNever"], at: now)
        #expect(try harness.plan("ScriptedNever") == PlannedReload(date: now, cause: .request))
        await harness.reloadDue()
        #expect(harness.calls("ScriptedNever").map(\.cause) == [.initial, .request])
        #expect(harness.calls("ScriptedNever").last?.at == now)
        #expect(try harness.record("ScriptedNever").hasPendingRequest == false)
        #expect(try harness.plan("ScriptedNever") == .never)

        await harness.run(through: now.addingTimeInterval(day))
        #expect(harness.calls("ScriptedNever").count == 2)
        #expect(harness.n("ScriptedNever") == .integer(2))
    }

    // MARK: Entries becoming current

    @Test("MoviePlanner's three entries become current at 0, 60 and 120 s, never early; the reload waits for the minimum interval")
    func moviePlannerEntriesBecomeCurrentOnTime() async throws {
        let harness = try Harness.sample("MoviePlannerWidget")
        let key = Harness.key("MoviePlannerWidget")
        await harness.reloadDue()
        let timeline = try #require(try harness.record("MoviePlannerWidget").timeline)
        #expect(timeline.entries.map(\.date) == [Self.at(0), Self.at(60), Self.at(120)])
        #expect(harness.log.currentEntries(for: key).map(\.index) == [0])

        // A millisecond before the second entry, the first is still the one shown.
        harness.clock.advance(to: Self.at(59.999))
        harness.scheduler.announceCurrentEntries()
        #expect(harness.log.currentEntries(for: key).count == 1)
        #expect(harness.host.registry.currentEntry(for: key, at: harness.clock.now) == timeline.entries[0])
        #expect(harness.scheduler.nextWakeDate() == Self.at(60))

        #expect(await harness.step() == Self.at(60))
        #expect(await harness.step() == Self.at(120))
        let shown = harness.log.currentEntries(for: key)
        #expect(shown.map(\.index) == [0, 1, 2])
        #expect(shown.map(\.at) == [Self.at(0), Self.at(60), Self.at(120)])
        #expect(shown.map(\.entry) == timeline.entries)
        #expect(shown.map { $0.entry.content["name"] } == [
            .string("Avengers: Infinity War"), .string("Avengers: End Game"), .string("Guardians of the Galaxy Volume 3"),
        ])
        #expect(harness.calls("MoviePlannerWidget").count == 1)

        // The timeline ended at 120 s, but scheduled reloads stay five minutes apart.
        #expect(try harness.plan("MoviePlannerWidget") == PlannedReload(date: Self.at(300), cause: .policy, hold: .minimumInterval))
        #expect(await harness.step() == Self.at(300))
        #expect(harness.calls("MoviePlannerWidget").map(\.at) == [Self.at(0), Self.at(300)])
        #expect(harness.calls("MoviePlannerWidget").map(\.cause) == [.initial, .policy])
        #expect(harness.log.currentEntries(for: key).map(\.at).last == Self.at(300))
    }

    // MARK: Failures

    @Test("Failures are retried after 30, 60, 120… s up to the maximum, keeping the last good timeline")
    func failuresBackOff() async throws {
        let settings = SchedulerSettings(backoff: Backoff(initial: 30, maximum: 200))
        let harness = try await Harness.scripted(settings: settings)
        await harness.reloadDue()
        let good = try #require(try harness.record("ScriptedAtEnd").timeline)
        #expect(good.entries.first?.content["n"] == .integer(1))

        try harness.setFailing("ScriptedAtEnd", true)
        // The policy call at 1200 fails, then each retry: 30, 60, 120, then capped at 200.
        await harness.step("ScriptedAtEnd", untilCalls: 7, notAfter: Self.at(5_000))
        let failed = harness.calls("ScriptedAtEnd").dropFirst()
        #expect(failed.map(\.at) == [1_200, 1_230, 1_290, 1_410, 1_610, 1_810].map(Self.at))
        #expect(failed.map(\.cause) == [.policy, .retry, .retry, .retry, .retry, .retry])
        for call in failed {
            guard case .failed(let code, let message) = call.outcome else {
                Issue.record("the call at \(call.at) succeeded")
                continue
            }
            #expect(code == "providerFailed")
            #expect(message.contains("scripted failure"))
        }

        let record = try harness.record("ScriptedAtEnd")
        #expect(record.timeline == good)
        #expect(record.fetchedAt == Self.at(0))
        #expect(record.lastError?.code == "providerFailed")
        #expect(record.lastError?.description.contains("scripted failure") == true)
        #expect(record.lastError?.at == Self.at(1_810))
        #expect(record.schedule.consecutiveFailures == 6)
        #expect(try harness.plan("ScriptedAtEnd") == PlannedReload(date: Self.at(2_010), cause: .retry, hold: .backoff))

        try harness.setFailing("ScriptedAtEnd", false)
        await harness.step("ScriptedAtEnd", untilCalls: 8, notAfter: Self.at(5_000))
        let retry = try #require(harness.calls("ScriptedAtEnd").last)
        #expect(retry.at == Self.at(2_010))
        #expect(retry.cause == .retry)
        #expect(retry.succeeded)
        let recovered = try harness.record("ScriptedAtEnd")
        #expect(recovered.schedule.consecutiveFailures == 0)
        #expect(recovered.fetchedAt == Self.at(2_010))
        #expect(recovered.timeline?.entries.first?.content["n"] == .integer(8))
        #expect(try harness.plan("ScriptedAtEnd") == PlannedReload(date: Self.at(3_210), cause: .policy))
    }

    // MARK: Coalescing

    @Test("Requests made while a call is in flight are answered by exactly one more call")
    func requestsDuringACallAreCoalesced() async throws {
        // The call is held for as long as the test needs, far past any stall of a loaded CI
        // machine (the whole timed burst there once stalled this test's polling for a minute).
        let harness = try await Harness.scripted(callTimeout: 600)
        let key = Harness.key("ScriptedNever")
        try harness.setDelay("ScriptedNever", milliseconds: 1)
        // Held in the provider until the requests below are made: no race with a loaded machine.
        try harness.defaults.set(true, forKey: "ScriptedNever.hold")

        let first = Task { await harness.scheduler.reload(key, cause: .request) }
        // The fixture marks the call as started in its group before it holds.
        try await waitUntil("the first call to reach the provider") {
            try harness.defaults.integer(forKey: "ScriptedNever.started") == 1
        }
        #expect(harness.scheduler.inFlightCount == 1)
        let now = harness.clock.now
        for _ in 0..<5 { harness.host.registry.recordReloadRequest(kinds: ["ScriptedNever"], at: now) }
        // No second concurrent call, whether asked for directly or found due.
        #expect(await harness.scheduler.reload(key, cause: .request) == nil)
        #expect(await harness.scheduler.reloadDue().count == 2)  // the other two kinds' initial calls
        try harness.defaults.set(false, forKey: "ScriptedNever.hold")

        let call = try #require(await first.value)
        #expect(call.cause == .request)
        #expect(call.succeeded)
        #expect(harness.n("ScriptedNever") == .integer(1))
        // The requests came during the call: it did not answer them.
        #expect(try harness.record("ScriptedNever").hasPendingRequest)
        #expect(try harness.plan("ScriptedNever") == PlannedReload(date: now, cause: .request))

        let followUp = await harness.reloadDue()
        #expect(followUp.count == 1)
        #expect(harness.calls("ScriptedNever").map(\.cause) == [.request, .request])
        #expect(harness.n("ScriptedNever") == .integer(2))
        #expect(try harness.record("ScriptedNever").hasPendingRequest == false)
        #expect(try harness.plan("ScriptedNever") == .never)
        #expect(await harness.reloadDue().isEmpty)
        #expect(harness.calls("ScriptedNever").count == 2)
    }

    // MARK: Simulation

    /// A call as the simulation reports it, less its duration (real time, which varies).
    private struct CallLine: Hashable {
        let key: TimelineKey
        let at: Date
        let cause: ReloadCause
        let outcome: CallSummary.Outcome
        let next: PlannedReload
    }

    private static func simulateDay() async throws -> SimulationReport {
        let harness = try await Harness.scripted()
        return await Simulation.run(
            host: harness.host, clock: harness.clock, settings: harness.settings, duration: RefreshBudget.window)
    }

    @Test("A simulated day of the scripted kinds makes the same calls every time")
    func simulationIsDeterministic() async throws {
        let first = try await Self.simulateDay()
        let second = try await Self.simulateDay()
        let lines = { (report: SimulationReport) in
            report.calls.map { CallLine(key: $0.key, at: $0.call.at, cause: $0.call.cause, outcome: $0.call.outcome, next: $0.next) }
        }
        #expect(first.stoppedEarly == false)
        #expect(lines(first) == lines(second))
        // Every 1200 s and every hour through the day [start, end): 72 calls fill the .atEnd
        // kind's budget exactly, and 24 hourly calls stay well within it.
        #expect(first.calls(for: Harness.key("ScriptedAtEnd")).map(\.call.at) == (0..<72).map { Self.at(Double($0) * 1_200) })
        #expect(first.calls(for: Harness.key("ScriptedAfter")).map(\.call.at) == (0..<24).map { Self.at(Double($0) * 3_600) })
        #expect(first.calls(for: Harness.key("ScriptedNever")).map(\.call.at) == [Self.at(0)])
        #expect(first.calls.allSatisfy { $0.call.succeeded })
    }
}
