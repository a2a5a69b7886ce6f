import Foundation
import Synchronization
import Testing
import TestSupport
import WidgetHostCore

/// The clock everything that waits for a duration reads: the virtual one moves only when told
/// to and fires what came due, in order; the system one never fires early.
@Suite("Host clock")
struct HostClockTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    @Test("a virtual clock's alarms fire on advance, in deadline order, each at its own time")
    func virtualAlarmsFireInOrder() {
        let clock = VirtualClock(start: Self.start)
        let fired = Mutex<[(String, Date)]>([])
        clock.schedule(at: Self.start.addingTimeInterval(30)) { fired.withLock { $0.append(("thirty", clock.now)) } }
        clock.schedule(at: Self.start.addingTimeInterval(10)) {
            fired.withLock { $0.append(("ten", clock.now)) }
            // An alarm set by an alarm, due before the advance ends, fires in the same advance.
            clock.schedule(after: 5) { fired.withLock { $0.append(("fifteen", clock.now)) } }
        }
        let cancelled = clock.schedule(at: Self.start.addingTimeInterval(20)) { fired.withLock { $0.append(("cancelled", clock.now)) } }
        cancelled.cancel()
        #expect(clock.pendingAlarmCount == 2)

        clock.advance(by: 9.999)
        #expect(fired.withLock { $0.isEmpty }, "nothing is due before ten seconds")
        clock.advance(to: Self.start.addingTimeInterval(70))
        let seen = fired.withLock { $0 }
        #expect(seen.map(\.0) == ["ten", "fifteen", "thirty"])
        #expect(seen.map { $0.1.timeIntervalSince(Self.start) } == [10, 15, 30])
        #expect(clock.now == Self.start.addingTimeInterval(70))
        #expect(clock.pendingAlarmCount == 0)
    }

    @Test("an alarm already due runs at once")
    func dueAlarmRunsAtOnce() {
        let clock = VirtualClock(start: Self.start)
        let ran = Mutex(false)
        clock.schedule(at: Self.start) { ran.withLock { $0 = true } }
        #expect(ran.withLock { $0 })
    }

    @Test("sleeping on a virtual clock returns when the clock is advanced past it, and cancellation ends it")
    func sleepFollowsTheVirtualClock() async throws {
        let clock = VirtualClock(start: Self.start)
        let woke = EventLog<Date>()
        let sleeper = Task {
            try await clock.sleep(for: 30)
            woke.append(clock.now)
        }
        try await waitUntil("the sleeper's alarm is armed") { clock.pendingAlarmCount == 1 }
        clock.advance(by: 29)
        #expect(woke.all.isEmpty)
        clock.advance(by: 1)
        try await woke.wait(for: "the sleeper to wake") { $0.count == 1 }
        #expect(woke.all == [Self.start.addingTimeInterval(30)])
        try await sleeper.value

        let cancelledSleeper = Task { try await clock.sleep(for: 3_600) }
        try await waitUntil("the second sleeper's alarm is armed") { clock.pendingAlarmCount == 1 }
        cancelledSleeper.cancel()
        await #expect(throws: CancellationError.self) { try await cancelledSleeper.value }
        #expect(clock.pendingAlarmCount == 0, "a cancelled sleep leaves no alarm behind")
    }

    @Test("the system clock fires an alarm no sooner than its deadline, and never a cancelled one")
    func systemAlarmsNeverFireEarly() async throws {
        let clock = SystemClock()
        let fired = EventLog<(tag: String, at: Date)>()
        let deadline = Date().addingTimeInterval(0.02)
        let cancelled = clock.schedule(at: deadline) { fired.append(("cancelled", Date())) }
        cancelled.cancel()
        // Later than the cancelled one: alarms run in deadline order, so once this one has fired
        // the cancelled one has had its chance.
        clock.schedule(at: deadline.addingTimeInterval(0.001)) { fired.append(("kept", Date())) }
        let seen = try await fired.wait(for: "the kept alarm") { !$0.isEmpty }
        #expect(seen.map(\.tag) == ["kept"])
        #expect(seen[0].at >= deadline.addingTimeInterval(0.001))
    }
}
