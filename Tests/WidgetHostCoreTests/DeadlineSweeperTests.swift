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
