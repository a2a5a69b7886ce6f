import Foundation
import Testing
@testable import WidgetHostCore

/// The registry's dense table of timelines remembers each key's current entry and until when it
/// holds. Whatever order timelines change and the clock moves in, it must answer what a fresh
/// search of each timeline answers.
@Suite("Timeline slots")
struct TimelineSlotsTests {
    private static let keys = (0..<12).map { TimelineKey(kind: "Kind\($0 / 2)", family: $0 % 2 == 0 ? .systemSmall : .systemMedium) }

    /// A timeline of `count` entries `step` seconds apart from `start`, each naming its index.
    private static func timeline(start: Double, step: Double, count: Int) -> WidgetTimeline {
        WidgetTimeline(entries: (0..<count).map { index in
            WidgetEntry(date: Date(timeIntervalSinceReferenceDate: start + Double(index) * step), relevance: nil, content: .number(Double(index)))
        }, policy: .atEnd)
    }

    @Test("Random changes and reads, the clock moving both ways, agree with a search of each timeline")
    func randomChangesAgreeWithSearch() {
        var slots = TimelineSlots()
        var model: [TimelineKey: WidgetTimeline] = [:]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let key = Self.keys.randomElement(using: &generator)!
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<3:
                let timeline = Self.timeline(
                    start: Double.random(in: 0..<100, using: &generator).rounded(), step: 10,
                    count: Int.random(in: 1...6, using: &generator))
                slots.set(timeline, for: key)
                model[key] = timeline
            case 3:
                slots.set(nil, for: key)
                model[key] = nil
            case 4:
                // The same timeline again (a record changed elsewhere): nothing to redo.
                slots.set(model[key], for: key)
            default:
                // Often on an entry's date exactly, where the span's bounds matter.
                let time = Double(Int.random(in: -2...18, using: &generator)) * 5
                let date = Date(timeIntervalSinceReferenceDate: time)
                let expected = model.compactMapValues { $0.entry(at: date) }
                let bulk = Dictionary(uniqueKeysWithValues: slots.currentEntries(at: date).map { ($0.key, $0.entry) })
                #expect(bulk == expected, "all keys at \(time)")
                #expect(slots.entry(for: key, at: date) == model[key]?.entry(at: date), "\(key.label) at \(time)")
            }
            #expect(slots.count == model.count)
        }
    }

    @Test("An answer kept while the registry changes still shows what was current when it was made")
    func keptAnswerIsASnapshot() {
        var slots = TimelineSlots()
        let key = Self.keys[0]
        let first = Self.timeline(start: 0, step: 10, count: 3)
        slots.set(first, for: key)
        let answer = slots.currentEntries(at: Date(timeIntervalSinceReferenceDate: 15))
        slots.set(Self.timeline(start: 0, step: 1, count: 50), for: key)
        slots.set(nil, for: key)
        #expect(answer.count == 1)
        #expect(answer.first?.entry == first.entries[1])
    }
}
