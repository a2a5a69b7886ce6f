import Foundation
import Synchronization
import Testing
import TestSupport
@testable import WidgetHostCore

/// The one thread that serves every call's timeout.
@Suite("Deadline sweeper")
struct DeadlineSweeperTests {
    @Test("Deadlines fire once each, in deadline order, whatever order they were scheduled in")
    func firesInDeadlineOrder() async throws {
        let sweeper = DeadlineSweeper()
        let fired = EventLog<Int>()
        let now = ContinuousClock.now
        // Scheduled latest first: each earlier deadline must wake the waiting sweeper thread.
        for index in (0..<5).reversed() {
            sweeper.schedule(at: now + .milliseconds(100 + 50 * index)) { fired.append(index) }
        }
        // A sixth, after the others: once it fired, any of them firing twice would have by then.
        sweeper.schedule(at: now + .milliseconds(400)) { fired.append(5) }
        try await fired.wait(for: "the sixth deadline") { $0.contains(5) }
        #expect(fired.all == [0, 1, 2, 3, 4, 5])
    }

    @Test("A cancelled deadline never fires; the others still do")
    func cancelledDeadlinesDoNotFire() async throws {
        let sweeper = DeadlineSweeper()
        let fired = EventLog<String>()
        let cancelled = sweeper.schedule(after: .milliseconds(100)) { fired.append("cancelled") }
        sweeper.schedule(after: .milliseconds(300)) { fired.append("kept") }
        sweeper.cancel(cancelled)
        try await fired.wait(for: "the kept deadline") { $0.contains("kept") }
        #expect(fired.all == ["kept"], "the kept deadline fires after the cancelled one's time")
    }

    @Test("Cancelled deadlines do not wake the thread: it sleeps once, until the next live one")
    func cancelledDeadlinesDoNotWakeTheThread() async throws {
        let sweeper = DeadlineSweeper()
        // The thread's wait count when the first action ran, then when the live one did.
        let waits = EventLog<Int>()
        sweeper.schedule(after: .milliseconds(20)) {
            // On the sweeper's thread, before it chooses its next wait: ten deadlines cancelled
            // at once (calls that returned before their timeout), all earlier than the live one.
            let start = ContinuousClock.now
            for step in 1...10 {
                sweeper.cancel(sweeper.schedule(at: start + .milliseconds(10 * step)) { waits.append(-1) })
            }
            sweeper.schedule(at: start + .milliseconds(300)) { waits.append(sweeper.waitsEnded) }
            waits.append(sweeper.waitsEnded)
        }
        try await waits.wait(for: "the live deadline") { $0.count == 2 }
        let counts = waits.all
        #expect(counts.allSatisfy { $0 >= 0 }, "no cancelled deadline fired")
        // One wake-up, for the live deadline (none if the thread was held up past it); ten more
        // would be the cancelled ones.
        #expect(counts[1] - counts[0] <= 1, "no wake-up for a cancelled deadline")
    }

    @Test("Many cancelled deadlines are dropped without firing, and a later one still fires")
    func manyCancellationsCompact() async throws {
        let sweeper = DeadlineSweeper()
        let fired = Atomic<Int>(0)
        for _ in 0..<5_000 {
            let ticket = sweeper.schedule(after: .seconds(60)) { fired.add(1, ordering: .relaxed) }
            sweeper.cancel(ticket)
        }
        let last = EventLog<Void>()
        sweeper.schedule(after: .milliseconds(50)) { last.append(()) }
        try await last.wait(for: "the deadline after the cancelled ones") { !$0.isEmpty }
        #expect(fired.load(ordering: .relaxed) == 0)
    }
}
