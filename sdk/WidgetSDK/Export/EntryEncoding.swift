import FoundationEssentials
import WidgetPayload

/// Turns entries and timelines into the JSON replies of `payload.h`.
enum EntryEncoding {
    /// `date` and `relevance` travel beside the content, not inside it.
    private static let envelopeKeys: Set<String> = ["date", "relevance"]

    static func reply<Entry: TimelineEntry>(for entry: Entry) -> ProviderReply {
        do {
            return .entry(try payload(for: entry))
        } catch {
            return .failure("could not encode \(Entry.self): \(error)")
        }
    }

    static func reply<Entry: TimelineEntry>(for timeline: Timeline<Entry>) -> ProviderReply {
        do {
            return .timeline(try timeline.entries.map(payload(for:)), policy: policy(timeline.policy))
        } catch {
            return .failure("could not encode \(Entry.self): \(error)")
        }
    }

    static func payload<Entry: TimelineEntry>(for entry: Entry) throws -> EntryPayload {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let encoded = try JSONDecoder().decode(JSONValue.self, from: try encoder.encode(entry))
        var content = encoded.objectValue ?? ["value": encoded]
        for key in envelopeKeys { content[key] = nil }
        return EntryPayload(
            date: entry.date.timeIntervalSince1970,
            relevance: entry.relevance.map {
                // Through the Float's shortest decimal form, so 0.42 arrives as 0.42, not
                // 0.41999998688697815.
                RelevancePayload(score: Double($0.score.description) ?? Double($0.score), duration: $0.duration)
            },
            content: .object(content)
        )
    }

    static func policy(_ policy: TimelineReloadPolicy) -> PolicyPayload {
        switch policy.rule {
        case .atEnd: .atEnd
        case .never: .never
        case .after(let date): .after(date.timeIntervalSince1970)
        }
    }

    /// The reply as the bytes handed to the host.
    static func json(_ reply: ProviderReply) -> [UInt8] {
        if let data = try? JSONEncoder().encode(reply) { return Array(data) }
        // Only a non-finite number can fail to encode; say so rather than send nothing.
        let fallback = ProviderReply.failure("the reply contains a number JSON cannot hold")
        return Array((try? JSONEncoder().encode(fallback)) ?? Data())
    }
}
