import Foundation
import WidgetHostCore

/// Which entries to announce as current, per key: what `ReloadScheduler.announceCurrentEntries`
/// remembers between looks.
///
/// Every entry of a timeline is announced once, in order, even when several of them became
/// current since the last look (a late look, or dates a millisecond apart): the event log is a
/// record of what was shown, and a live view that keeps only the last event still ends on the
/// right entry. Only entries of the timeline already shown are caught up this way. A new
/// timeline (a reload, or the first look after a start or restore) announces just its current
/// entry: its earlier entries were never current while the host watched, and replaying a day's
/// worth of them after a restart would be noise.
///
/// An entry whose date equals a later entry's is never current at any instant (WidgetKit shows
/// the later one), so it is never announced: a view following the announcements would flicker
/// through it.
struct EntryAnnouncements {
    private struct Shown {
        var entry: WidgetEntry
        var index: Int
        /// The fetch the entry came from; another fetch means another timeline.
        var fetchedAt: Date?
    }

    private var shown: [TimelineKey: Shown] = [:]

    /// The entries of `record` to announce at `now`, oldest first, with their indexes; remembers
    /// the last as shown.
    mutating func announcements(for record: TimelineRecord, at now: Date) -> [(entry: WidgetEntry, index: Int)] {
        // `<=`: an entry dated exactly `now` is current, as for `TimelineRecord.entry(at:)`.
        guard let timeline = record.timeline, let current = timeline.entries.lastIndex(where: { $0.date <= now })
        else { return [] }
        let entries = timeline.entries
        let previous = shown[record.key]
        shown[record.key] = Shown(entry: entries[current], index: current, fetchedAt: record.fetchedAt)
        guard let previous else { return [(entries[current], current)] }
        let sameTimeline = previous.fetchedAt == record.fetchedAt && previous.index < entries.count
            && entries[previous.index] == previous.entry
        if sameTimeline, previous.index < current {
            // `current` is the last entry dated by now, so it was current; each before it only
            // if the next one's date is later than its own.
            return (previous.index + 1...current)
                .filter { $0 == current || entries[$0 + 1].date > entries[$0].date }
                .map { (entries[$0], $0) }
        }
        return previous.entry == entries[current] ? [] : [(entries[current], current)]
    }
}
