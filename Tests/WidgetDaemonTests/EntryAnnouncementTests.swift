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
        let harness = try await Harness.scripted()
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

    @Test("an entry that shares its date with a later one is never announced: it is never current")
    func anEntrySharingItsDateWithALaterOneIsSkipped() {
        let key = Harness.key("SameDate")
        func entry(_ name: String, at seconds: TimeInterval) -> WidgetEntry {
            WidgetEntry(date: Harness.at(seconds), relevance: nil, content: .object(["name": .string(name)]))
        }
        var record = TimelineRecord(key: key, bundleName: "SameDate", bundlePath: "/bundles/SameDate.so")
        record.timeline = WidgetTimeline(
            entries: [entry("a", at: 0), entry("p", at: 10), entry("q", at: 10), entry("r", at: 20), entry("s", at: 30)],
            policy: .never)
        record.fetchedAt = Harness.at(0)
        var announcements = EntryAnnouncements()
        #expect(announcements.announcements(for: record, at: Harness.at(5)).map(\.index) == [0])
        // At T+10, p and q both come due; p is never current (q shows from that instant on).
        #expect(announcements.announcements(for: record, at: Harness.at(10)).map(\.index) == [2])
        // A late look that passes r and s: r was current for ten seconds, so it is caught up.
        #expect(announcements.announcements(for: record, at: Harness.at(35)).map(\.index) == [3, 4])

        // The same late look from the start: p is skipped in the catch-up too.
        var late = EntryAnnouncements()
        #expect(late.announcements(for: record, at: Harness.at(1)).map(\.index) == [0])
        #expect(late.announcements(for: record, at: Harness.at(25)).map(\.index) == [2, 3])
    }
}
