import Foundation

/// Every key's timeline, one dense slot each, and the span of time over which each slot's
/// current entry stays current: what reading the current entry of every key at once touches.
///
/// A screen of widgets asks again and again as its clock ticks, and the current entry changes
/// only at an entry's date. So each slot remembers the entry it found and until when it holds:
/// a read at a time inside that span looks at 24 packed bytes per key and never at the timeline
/// (BENCHMARKS.md, "Speed II").
struct TimelineSlots {
    /// Each key's timeline. Changes only when a timeline does; a read's answer shares it.
    private(set) var slots: [(key: TimelineKey, timeline: WidgetTimeline)] = []
    /// Beside each slot: its current entry and the span it holds for. Plain values, never
    /// handed out, so a read that moves a span copies nothing.
    private var spans: [CurrentSpan] = []
    private var slotByKey: [TimelineKey: Int] = [:]

    var count: Int { slots.count }

    /// Sets (or with nil, removes) the timeline of `key`.
    mutating func set(_ timeline: WidgetTimeline?, for key: TimelineKey) {
        let existing = slotByKey[key]
        switch (timeline, existing) {
        case (let timeline?, let slot?):
            // Most changes to a record leave its timeline alone: keep the slot and its span.
            guard !slots[slot].timeline.isIdentical(to: timeline) else { return }
            slots[slot].timeline = timeline
            spans[slot] = .unknown
        case (let timeline?, nil):
            slotByKey[key] = slots.count
            slots.append((key, timeline))
            spans.append(.unknown)
        case (nil, let slot?):
            // Swap the last slot into the hole: slots stay dense.
            slotByKey[key] = nil
            let last = slots.count - 1
            if slot != last {
                slots[slot] = slots[last]
                spans[slot] = spans[last]
                slotByKey[slots[slot].key] = slot
            }
            slots.removeLast()
            spans.removeLast()
        case (nil, nil):
            break
        }
    }

    /// The entry of `key` to show at `date`.
    mutating func entry(for key: TimelineKey, at date: Date) -> WidgetEntry? {
        guard let slot = slotByKey[key] else { return nil }
        return entryIndex(ofSlot: slot, at: date.timeIntervalSinceReferenceDate).map { slots[slot].timeline.entries[$0] }
    }

    /// Each slot with an entry to show at `date`, and that entry's index.
    mutating func currentEntries(at date: Date) -> CurrentEntries {
        let time = date.timeIntervalSinceReferenceDate
        var shown: [CurrentEntries.Shown] = []
        shown.reserveCapacity(slots.count)
        for slot in spans.indices {
            if let index = entryIndex(ofSlot: slot, at: time) {
                shown.append(.init(slot: UInt32(truncatingIfNeeded: slot), entry: UInt32(truncatingIfNeeded: index)))
            }
        }
        return CurrentEntries(slots: slots, shown: shown)
    }

    private mutating func entryIndex(ofSlot slot: Int, at time: Double) -> Int? {
        if !spans[slot].holds(time) { spans[slot] = slots[slot].timeline.currentSpan(at: time) }
        return spans[slot].entryIndex
    }
}

/// An entry index and the times between which it is the current one: from its own date up to
/// (not including) the next entry's. Index -1 is the time before the first entry.
struct CurrentSpan {
    var index: Int32
    var from: Double
    var until: Double

    /// Holds for no time at all: the next read looks at the timeline.
    static let unknown = CurrentSpan(index: -1, from: .infinity, until: -.infinity)

    func holds(_ time: Double) -> Bool { from <= time && time < until }

    var entryIndex: Int? { index < 0 ? nil : Int(index) }
}
