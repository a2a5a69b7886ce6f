import Foundation
import Synchronization
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetDaemon

/// Which entries the scheduler announces, and the daemon's alarm: the pieces of "every entry is
/// announced on time" that a virtual clock or a short wait can pin down (`DaemonWakeupTests`
/// runs the whole daemon).
@Suite("Entry announcements")
struct EntryAnnouncementTests {
    private typealias Harness = SchedulerHarness

    @Test("entries of one timeline that all came due since the last look are each announced, in order")
    func everyEntryPassedSinceTheLastLookIsAnnounced() async throws {
        let harness = try Harness.sample("MoviePlannerWidget")
        let key = Harness.key("MoviePlannerWidget")
        await harness.reloadDue()
        let timeline = try #require(try harness.record("MoviePlannerWidget").timeline)
        #expect(timeline.entries.map(\.date) == [Harness.at(0), Harness.at(60), Harness.at(120)])

        // One late look after both later entries' dates (the reload waits for the minimum interval).
        harness.clock.advance(to: Harness.at(130))
        harness.scheduler.announceCurrentEntries()
        let shown = harness.log.currentEntries(for: key)
        #expect(shown.map(\.index) == [0, 1, 2])
        #expect(shown.map(\.entry) == timeline.entries)
        #expect(shown.dropFirst().allSatisfy { $0.at == Harness.at(130) })

        harness.scheduler.announceCurrentEntries()
        #expect(harness.log.currentEntries(for: key).count == 3, "each entry is announced once")
    }

    @Test("an entry dated exactly at the step's now is announced then, and the next wake date is the one after it")
    func anEntryDatedAtNowIsCurrent() async throws {
        let harness = try Harness.sample("MoviePlannerWidget")
        let key = Harness.key("MoviePlannerWidget")
        await harness.reloadDue()
        harness.clock.advance(to: Harness.at(60))
        // The daemon's step: one `now` for both, whatever the clock says in between.
        let now = harness.clock.now
        harness.scheduler.announceCurrentEntries(at: now)
        harness.clock.advance(by: 0.5)
        #expect(harness.log.currentEntries(for: key).map(\.index) == [0, 1])
        #expect(harness.scheduler.nextWakeDate(after: now) == Harness.at(120))
        // A date just after the step's now is waited for, even if the clock has passed it since.
        #expect(harness.scheduler.nextWakeDate(after: Harness.at(119.999)) == Harness.at(120))
    }

    @Test("a new timeline announces only its current entry")
    func aNewTimelineAnnouncesItsCurrentEntryOnly() async throws {
        let harness = try Harness.scripted()
        let key = Harness.key("ScriptedAtEnd")
        await harness.reloadDue()
        #expect(harness.log.currentEntries(for: key).map(\.index) == [0])
        // Past the whole timeline and the minimum interval: the reload's timeline starts at now.
        harness.clock.advance(to: Harness.at(1_500))
        await harness.reloadDue()
        let shown = harness.log.currentEntries(for: key)
        #expect(harness.calls("ScriptedAtEnd").count == 2)
        #expect(shown.map(\.index) == [0, 0], "\(shown.map(\.entry.date))")
        #expect(shown.last?.entry.date == Harness.at(1_500))
    }

    @Test("the wake-up timer fires at its deadline, never before, and a later arming replaces it")
    func wakeupTimerFiresAtItsDeadline() async throws {
        let timer = WakeupTimer()
        defer { timer.close() }
        let fired = Firings()
        let deadline = Date().addingTimeInterval(0.05)
        timer.arm(at: Date().addingTimeInterval(10)) { fired.note(0) }
        timer.arm(at: deadline) { fired.note(1) }
        try await Task.sleep(for: .milliseconds(600))
        let seen = fired.all
        #expect(seen.map(\.tag) == [1])
        if let first = seen.first { #expect(first.at >= deadline) }

        timer.arm(at: Date().addingTimeInterval(0.05)) { fired.note(2) }
        timer.disarm()
        try await Task.sleep(for: .milliseconds(300))
        #expect(fired.all.map(\.tag) == [1], "a disarmed timer does not fire")
    }
}

/// What a timer's actions did, and when.
private final class Firings: Sendable {
    private let firings = Mutex<[(tag: Int, at: Date)]>([])

    func note(_ tag: Int) {
        let now = Date()
        firings.withLock { $0.append((tag, now)) }
    }

    var all: [(tag: Int, at: Date)] { firings.withLock { $0 } }
}
