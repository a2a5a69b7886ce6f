import Foundation
@testable import WidgetSDK
import WidgetPayload
import FishGoData

/// The SDK's encoding before `JSONValueEncoder` and `JSONWriter`: `JSONEncoder`, then its bytes
/// decoded back into a `JSONValue`. What the new path must agree with.
enum ReferenceEncoding {
    static func jsonValue<T: Encodable>(_ value: T) throws -> JSONValue {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try JSONDecoder().decode(JSONValue.self, from: try encoder.encode(value))
    }

    static func payload<Entry: TimelineEntry & Encodable>(for entry: Entry) throws -> EntryPayload {
        let encoded = try jsonValue(entry)
        var content = encoded.objectValue ?? ["value": encoded]
        for key in ["date", "relevance"] { content[key] = nil }
        return EntryPayload(
            date: entry.date.timeIntervalSince1970,
            relevance: entry.relevance.map {
                RelevancePayload(score: Double($0.score.description) ?? Double($0.score), duration: $0.duration)
            },
            content: .object(content)
        )
    }

    /// The failure reply the old path gave for an entry it could not encode.
    static func failureMessage<Entry: TimelineEntry & Encodable>(for entry: Entry) -> String? {
        do {
            _ = try payload(for: entry)
            return nil
        } catch {
            return "could not encode \(Entry.self): \(error)"
        }
    }
}

// The samples' entry types (samples/*), copied: the sample targets are bundles, not importable.

struct CounterEntry: TimelineEntry, Encodable {
    struct ThemeColor: Codable, Equatable {
        let red: Double
        let green: Double
        let blue: Double
    }

    let date: Date
    let count: Int
    let color: ThemeColor
}

struct MovieEntry: TimelineEntry, Encodable {
    struct Movie: Codable {
        let name: String
        let movieImageName: String
    }

    let date: Date
    let movie: Movie

    func encode(to encoder: any Encoder) throws {
        try movie.encode(to: encoder)
    }
}

struct PillarEntry: TimelineEntry, Encodable {
    let date: Date
    let pillarsTraversed: Int

    var relevance: TimelineEntryRelevance? {
        pillarsTraversed > 0 ? TimelineEntryRelevance(score: Float(min(pillarsTraversed, 100)) / 100) : nil
    }
}

struct FishGoEntry: TimelineEntry, Encodable {
    let date: Date
    /// The sample's own payload type (FishGoData), so the test encodes what the app writes.
    let data: WidgetFishingData
    let isPlaceholder: Bool

    var relevance: TimelineEntryRelevance? {
        guard !isPlaceholder else { return nil }
        let score: Float = switch data.verdict {
        case .go: 1
        case .caution: 0.5
        case .noGo: 0.1
        }
        return TimelineEntryRelevance(score: score, duration: 30 * 60)
    }
}

enum SampleEntries {
    static let date = Date(timeIntervalSince1970: 1_767_225_600)

    static let counter = CounterEntry(date: date, count: 42, color: .init(red: 0.2, green: 1, blue: 0.333))
    static let movie = MovieEntry(date: date, movie: .init(name: "Guardians of the Galaxy Volume 3", movieImageName: "gog3"))
    static let pillars = [0, 7, 100, 250].map { PillarEntry(date: date, pillarsTraversed: $0) }
    static let fishGo = [
        FishGoEntry(date: date, data: .placeholder, isPlaceholder: true),
        FishGoEntry(date: date, data: .init(
            spotName: "Shōnan \"east\" pier", verdict: .noGo, windSpeed: 12.7, waveHeight: 2.25,
            windDirection: "NNE", tideType: "spring", updatedAt: date.addingTimeInterval(-90.5)), isPlaceholder: false),
    ]
}
