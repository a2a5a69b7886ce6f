import Foundation
import Testing
import WidgetHostCore

/// The pieces the scheduler is built from, on a virtual clock.
@Suite struct SchedulingPrimitivesTests {
    private let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    @Test func aVirtualClockMovesOnlyForwardAndOnlyWhenTold() {
        let clock = VirtualClock(start: start)
        #expect(clock.now == start)
        clock.advance(by: 90)
        #expect(clock.now == start.addingTimeInterval(90))
        clock.advance(to: start)
        #expect(clock.now == start.addingTimeInterval(90))
        clock.advance(by: -30)
        #expect(clock.now == start.addingTimeInterval(90))
    }

    @Test func theBudgetAllowsSeventyTwoScheduledReloadsInAnyTwentyFourHours() {
        var budget = RefreshBudget()
        for minute in 0..<72 { budget.record(at: start.addingTimeInterval(Double(minute) * 60)) }
        let afterwards = start.addingTimeInterval(72 * 60)
        #expect(budget.used(at: afterwards) == 72)
        #expect(budget.remaining(at: afterwards) == 0)
        // The first reload leaves the window a day after it happened: that is when the next may run.
        #expect(budget.nextAvailable(at: afterwards) == start.addingTimeInterval(RefreshBudget.window))
        let nextDay = start.addingTimeInterval(RefreshBudget.window + 1)
        #expect(budget.remaining(at: nextDay) == 1)
        #expect(budget.nextAvailable(at: nextDay) == nextDay)
    }

    @Test func aSmallerBudgetIsHonoured() {
        var budget = RefreshBudget(limit: 2)
        budget.record(at: start)
        #expect(budget.nextAvailable(at: start) == start)
        budget.record(at: start.addingTimeInterval(3_600))
        #expect(budget.nextAvailable(at: start.addingTimeInterval(7_200)) == start.addingTimeInterval(RefreshBudget.window))
    }

    @Test func backoffDoublesAndIsCapped() {
        let backoff = Backoff(initial: 30, maximum: 600)
        #expect(backoff.delay(afterFailures: 0) == 0)
        #expect((1...6).map { backoff.delay(afterFailures: $0) } == [30, 60, 120, 240, 480, 600])
        #expect(backoff.delay(afterFailures: 10_000) == 600)
    }
}
