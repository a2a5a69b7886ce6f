import Foundation
import Testing
import WidgetHostCore

@Suite struct WidgetTimelineTests {
    private func entry(_ seconds: Double, _ name: String) -> WidgetEntry {
        WidgetEntry(date: Date(timeIntervalSince1970: seconds), relevance: nil, content: .object(["name": .string(name)]))
    }

    private var timeline: WidgetTimeline {
        WidgetTimeline(entries: [entry(100, "a"), entry(160, "b"), entry(160, "b2"), entry(220, "c")], policy: .atEnd)
    }

    @Test func noEntryBeforeTheFirstIsEverShownEarly() {
        #expect(timeline.entry(at: Date(timeIntervalSince1970: 99.999)) == nil)
    }

    @Test func anEntryIsCurrentFromItsOwnDate() {
        #expect(timeline.entry(at: Date(timeIntervalSince1970: 100))?.content["name"] == .string("a"))
    }

    @Test func theLastEntryNotAfterTheTimeIsCurrent() {
        #expect(timeline.entry(at: Date(timeIntervalSince1970: 159))?.content["name"] == .string("a"))
        #expect(timeline.entry(at: Date(timeIntervalSince1970: 190))?.content["name"] == .string("b2"))
    }

    @Test func theLastEntryStaysCurrentAfterItsDate() {
        #expect(timeline.entry(at: Date(timeIntervalSince1970: 1_000_000))?.content["name"] == .string("c"))
    }
}
