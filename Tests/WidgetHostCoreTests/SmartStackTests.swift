import Foundation
import Testing
@testable import WidgetHostCore
import WidgetPayload

/// The Smart Stack's ordering: relevance of the current entry while it applies, highest first.
@Suite("Smart Stack")
struct SmartStackTests {
    /// 2026-01-01T00:00:00Z.
    private static let start = Date(timeIntervalSince1970: 1_767_225_600)

    private static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    private static func entry(_ seconds: Double, score: Double? = nil, duration: TimeInterval = 0) -> WidgetEntry {
        WidgetEntry(
            date: at(seconds), relevance: score.map { EntryRelevance(score: $0, duration: duration) },
            content: .object(["at": .number(seconds)]))
    }

    private static func candidate(
        _ kind: String, _ entries: [WidgetEntry], family: WidgetFamily = .systemSmall
    ) -> SmartStack.Candidate {
        SmartStack.Candidate(kind: kind, family: family, timeline: WidgetTimeline(entries: entries, policy: .atEnd))
    }

    @Test("Kinds come by score, highest first, and by kind name when scores tie")
    func ordersByScoreThenKind() {
        let items = SmartStack.order([
            Self.candidate("Low", [Self.entry(0, score: 0.1)]),
            Self.candidate("Zeta", [Self.entry(0, score: 0.9)]),
            Self.candidate("Alpha", [Self.entry(0, score: 0.9)]),
            Self.candidate("None", [Self.entry(0)]),
        ], family: .systemSmall, at: Self.at(10))
        #expect(items.map(\.kind) == ["Alpha", "Zeta", "Low", "None"])
        #expect(items.map(\.score) == [0.9, 0.9, 0.1, 0])
        #expect(items.last?.standing == .noRelevance)
    }

    @Test("Only the family asked about, and only kinds with an entry current at the moment, take part")
    func leavesOutOtherFamiliesAndFutureEntries() {
        let items = SmartStack.order([
            Self.candidate("Medium", [Self.entry(0, score: 1)], family: .systemMedium),
            Self.candidate("Later", [Self.entry(60, score: 1)]),
            Self.candidate("Now", [Self.entry(0, score: 0.2)]),
        ], family: .systemSmall, at: Self.at(30))
        #expect(items.map(\.kind) == ["Now"])
        #expect(items.first?.family == .systemSmall)
    }

    @Test("A relevance with a duration holds from the entry's date for that long, then counts 0")
    func aDurationRunsOut() throws {
        let fish = Self.candidate("Fish", [Self.entry(0, score: 1, duration: 1_800)])
        let pillar = Self.candidate("Pillar", [Self.entry(0, score: 0.42)])

        let early = SmartStack.order([fish, pillar], family: .systemSmall, at: Self.at(1_799))
        #expect(early.map(\.kind) == ["Fish", "Pillar"])
        #expect(early.first?.score == 1)
        #expect(early.first?.scoreUntil == Self.at(1_800))
        #expect(early.first?.standing == .relevant)
        // Duration 0: as long as the entry is current, which for the last entry is open-ended.
        #expect(early.last?.scoreUntil == nil)

        let late = SmartStack.order([fish, pillar], family: .systemSmall, at: Self.at(1_800))
        #expect(late.map(\.kind) == ["Pillar", "Fish"])
        let expired = try #require(late.last)
        #expect(expired.score == 0)
        #expect(expired.standing == .expired(at: Self.at(1_800)))
        #expect(expired.scoreUntil == nil)
        // The entry is still the current one: its relevance expired, the entry did not.
        #expect(expired.entry.date == Self.at(0))
    }

    @Test("A relevance with duration 0 holds until the next entry, whose own relevance then counts")
    func aZeroDurationLastsUntilTheNextEntry() {
        let movie = Self.candidate("Movie", [Self.entry(0, score: 0.8), Self.entry(600, score: 0.3), Self.entry(1_200)])
        let other = Self.candidate("Other", [Self.entry(0, score: 0.5)])
        let scores = [0, 599, 600, 1_199, 1_200, 100_000].map { second in
            SmartStack.order([movie, other], family: .systemSmall, at: Self.at(second)).first { $0.kind == "Movie" }?.score
        }
        #expect(scores == [0.8, 0.8, 0.3, 0.3, 0, 0])
        let first = SmartStack.order([movie, other], family: .systemSmall, at: Self.at(0))
        #expect(first.map(\.kind) == ["Movie", "Other"])
        #expect(first.first?.scoreUntil == nil)
        #expect(first.first?.entry.date == Self.at(0))
    }

    @Test("A next entry due before the relevance runs out ends the score instead: no until date")
    func aNextEntryBeforeTheDurationEnds() {
        let item = SmartStack.order(
            [Self.candidate("K", [Self.entry(0, score: 0.6, duration: 3_600), Self.entry(60, score: 0.1)])],
            family: .systemSmall, at: Self.at(30)).first
        #expect(item?.score == 0.6)
        #expect(item?.scoreUntil == nil)
    }

    @Test("Registry records order the same way; records without a timeline are left out")
    func ordersRegistryRecords() {
        func record(_ kind: String, _ family: WidgetFamily, _ timeline: WidgetTimeline?) -> TimelineRecord {
            var record = TimelineRecord(key: TimelineKey(kind: kind, family: family), bundleName: kind, bundlePath: "/\(kind).so")
            record.timeline = timeline
            return record
        }
        let records = [
            record("Empty", .systemSmall, nil),
            record("Pillar", .systemSmall, WidgetTimeline(entries: [Self.entry(0, score: 0.42)], policy: .atEnd)),
            record("Fish", .systemSmall, WidgetTimeline(entries: [Self.entry(0, score: 1, duration: 1_800)], policy: .never)),
            record("Fish", .systemMedium, WidgetTimeline(entries: [Self.entry(0, score: 0.5, duration: 1_800)], policy: .never)),
        ]
        let small = SmartStack.order(records, family: .systemSmall, at: Self.at(60))
        #expect(small.map(\.kind) == ["Fish", "Pillar"])
        #expect(small.map(\.score) == [1, 0.42])
        let medium = SmartStack.order(records, family: .systemMedium, at: Self.at(60))
        #expect(medium.map(\.kind) == ["Fish"])
        #expect(medium.first?.score == 0.5)
        #expect(SmartStack.order(records, family: .systemLarge, at: Self.at(60)).isEmpty)
    }
}
