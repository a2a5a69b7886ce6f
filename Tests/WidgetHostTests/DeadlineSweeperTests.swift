import Foundation
import Synchronization
import Testing
@testable import WidgetHostCore

/// The one thread that serves every call's timeout.
@Suite("Deadline sweeper")
struct DeadlineSweeperTests {
    @Test("Deadlines fire once each, in deadline order, whatever order they were scheduled in")
    func firesInDeadlineOrder() async throws {
        let sweeper = DeadlineSweeper()
        let fired = Mutex<[Int]>([])
        let now = ContinuousClock.now
        // Scheduled latest first: each earlier deadline must wake the sleeping thread.
        for index in (0..<5).reversed() {
            sweeper.schedule(at: now + .milliseconds(100 + 50 * index)) { fired.withLock { $0.append(index) } }
        }
        let done = try await poll(within: .seconds(10)) { fired.withLock { $0.count } == 5 }
        #expect(done)
        #expect(fired.withLock { $0 } == [0, 1, 2, 3, 4])
    }

    @Test("A cancelled deadline never fires; the others still do")
    func cancelledDeadlinesDoNotFire() async throws {
        let sweeper = DeadlineSweeper()
        let fired = Mutex<Set<String>>([])
        let cancelled = sweeper.schedule(after: .milliseconds(100)) { fired.withLock { _ = $0.insert("cancelled") } }
        sweeper.schedule(after: .milliseconds(300)) { fired.withLock { _ = $0.insert("kept") } }
        sweeper.cancel(cancelled)
        let done = try await poll(within: .seconds(10)) { fired.withLock { $0.contains("kept") } }
        #expect(done)
        #expect(fired.withLock { $0 } == ["kept"], "the kept deadline fires after the cancelled one's time")
    }

    @Test("Many cancelled deadlines are dropped without firing, and a later one still fires")
    func manyCancellationsCompact() async throws {
        let sweeper = DeadlineSweeper()
        let fired = Atomic<Int>(0)
        for _ in 0..<5_000 {
            let ticket = sweeper.schedule(after: .seconds(60)) { fired.add(1, ordering: .relaxed) }
            sweeper.cancel(ticket)
        }
        let last = Atomic<Bool>(false)
        sweeper.schedule(after: .milliseconds(50)) { last.store(true, ordering: .relaxed) }
        let done = try await poll(within: .seconds(10)) { last.load(ordering: .relaxed) }
        #expect(done)
        #expect(fired.load(ordering: .relaxed) == 0)
    }
}
