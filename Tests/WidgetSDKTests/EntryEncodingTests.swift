import Foundation
import Testing
@testable import WidgetSDK
import WidgetPayload

private struct Score: Codable {
    let points: Int
    let at: Date
}

private struct GameEntry: TimelineEntry, Encodable {
    let date: Date
    let player: String
    let score: Score
    var relevance: TimelineEntryRelevance? { TimelineEntryRelevance(score: 0.75, duration: 120) }
}

private struct PlainEntry: TimelineEntry, Encodable {
    let date: Date
    let count: Int
}

@Suite struct EntryEncodingTests {
    private let date = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func theEntrysOwnFieldsBecomeItsContent() throws {
        let payload = try EntryEncoding.payload(for: GameEntry(date: date, player: "Ada", score: Score(points: 7, at: date)))
        #expect(payload.date == 1_767_225_600)
        #expect(payload.content == .object([
            "player": .string("Ada"),
            "score": .object(["points": .integer(7), "at": .string("2026-01-01T00:00:00Z")]),
        ]))
    }

    @Test func relevanceTravelsBesideTheContent() throws {
        let payload = try EntryEncoding.payload(for: GameEntry(date: date, player: "Ada", score: Score(points: 7, at: date)))
        #expect(payload.relevance == RelevancePayload(score: 0.75, duration: 120))
    }

    @Test func relevanceIsNilByDefault() throws {
        #expect(try EntryEncoding.payload(for: PlainEntry(date: date, count: 1)).relevance == nil)
    }

    @Test func policiesKeepTheirDates() {
        #expect(EntryEncoding.policy(.atEnd) == .atEnd)
        #expect(EntryEncoding.policy(.never) == .never)
        #expect(EntryEncoding.policy(.after(date)) == .after(1_767_225_600))
    }

    @Test func aTimelineReplyIsVersionedJSON() throws {
        let timeline = Timeline(entries: [PlainEntry(date: date, count: 1)], policy: .after(date.addingTimeInterval(60)))
        let json = EntryEncoding.json(EntryEncoding.reply(for: timeline))
        let reply = try JSONDecoder().decode(ProviderReply.self, from: Data(json))
        #expect(reply.version == PayloadVersion.current)
        #expect(reply.entries?.first?.content == .object(["count": .integer(1)]))
        #expect(reply.policy == .after(1_767_225_660))
        // payload.h promises "relevance" is present even when null.
        #expect(String(decoding: json, as: UTF8.self).contains(#""relevance":null"#))
    }

    @Test func theSamplesEntriesEncodeAsBefore() throws {
        try expectSamePayload(SampleEntries.counter)
        try expectSamePayload(SampleEntries.movie)
        for entry in SampleEntries.pillars { try expectSamePayload(entry) }
        for entry in SampleEntries.fishGo { try expectSamePayload(entry) }
        try expectSamePayload(GameEntry(date: date, player: "Ada", score: Score(points: 7, at: date)))
    }

    @Test func aContentThatIsNoObjectTravelsAsValue() throws {
        let payload = try EntryEncoding.payload(for: FragmentEntry(date: date, text: "hi"))
        #expect(payload.content == .object(["value": .string("hi")]))
        try expectSamePayload(FragmentEntry(date: date, text: "hi"))
    }

    @Test func aTimelineReplyReadsBackAsTheOldEncodingWroteIt() throws {
        let entries = SampleEntries.fishGo + SampleEntries.fishGo.map {
            FishGoEntry(date: $0.date.addingTimeInterval(1800), data: $0.data, isPlaceholder: $0.isPlaceholder)
        }
        let json = EntryEncoding.json(EntryEncoding.reply(for: Timeline(entries: entries, policy: .after(date.addingTimeInterval(3600)))))
        let expected = ProviderReply.timeline(try entries.map(ReferenceEncoding.payload(for:)), policy: .after(1_767_229_200))
        #expect(try JSONDecoder().decode(ProviderReply.self, from: Data(json)) == expected)
    }

    @Test func anEntryWithANonFiniteNumberFailsAsBefore() throws {
        let entry = NumberEntry(date: date, numbers: ["x": [1, .nan]])
        let message = try #require(ReferenceEncoding.failureMessage(for: entry))
        #expect(EntryEncoding.reply(for: entry) == .failure(message))
        #expect(EntryEncoding.reply(for: Timeline(entries: [entry], policy: .atEnd)) == .failure(message))
    }

    @Test func aNonFiniteDateBecomesTheFailureReply() throws {
        let json = EntryEncoding.json(EntryEncoding.reply(for: PlainEntry(date: Date(timeIntervalSince1970: .infinity), count: 1)))
        let reply = try JSONDecoder().decode(ProviderReply.self, from: Data(json))
        #expect(reply == .failure("the reply contains a number JSON cannot hold"))
    }

    private func expectSamePayload<Entry: TimelineEntry & Encodable>(_ entry: Entry, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try ReferenceEncoding.payload(for: entry)
        #expect(try EntryEncoding.payload(for: entry) == expected, sourceLocation: sourceLocation)
    }
}

private struct FragmentEntry: TimelineEntry, Encodable {
    let date: Date
    let text: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

private struct NumberEntry: TimelineEntry, Encodable {
    let date: Date
    let numbers: [String: [Double]]
}
