/// The entry to show of every key that has one, at one moment: what
/// `TimelineRegistry.currentEntries(at:)` answers.
///
/// It holds the registry's table of timelines as it was (one reference, not one per key) and
/// which entry of each is current, and makes each `(key, entry)` pair when it is read. Reading
/// a whole screen's answer thus costs a look at each key's entry, not a copy of each up front.
/// Keep it only as long as it is used: while it is held, the registry's next change copies the
/// table.
public struct CurrentEntries: RandomAccessCollection, Sendable {
    struct Shown: Sendable {
        let slot: UInt32
        let entry: UInt32
    }

    private let slots: [(key: TimelineKey, timeline: WidgetTimeline)]
    private let shown: [Shown]

    init(slots: [(key: TimelineKey, timeline: WidgetTimeline)], shown: [Shown]) {
        self.slots = slots
        self.shown = shown
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { shown.count }

    public subscript(position: Int) -> (key: TimelineKey, entry: WidgetEntry) {
        let shown = shown[position]
        let slot = slots[Int(shown.slot)]
        return (slot.key, slot.timeline.entries[Int(shown.entry)])
    }
}
