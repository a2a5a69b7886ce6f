import FoundationEssentials
import WidgetPayload

/// Turns entries and timelines into the JSON replies of `payload.h`.
///
/// Each entry is encoded once, straight into a `JSONValue` (`JSONValueEncoder`), and the reply
/// written once (`JSONWriter`): no `JSONEncoder` bytes decoded back, no second encoding pass.
/// An entry's view is evaluated straight into the `ViewTree` model, then written as its JSON.
enum EntryEncoding {
    /// An entry's view tree in the family of the call. Widgets without a view pass none.
    typealias EntryView<Entry> = (Entry) -> ViewTree

    static func reply<Entry: TimelineEntry>(for entry: Entry, view: EntryView<Entry>? = nil) -> ProviderReply {
        do {
            return .entry(try payload(for: entry, view: view?(entry)))
        } catch {
            return .failure("could not encode \(Entry.self): \(error)")
        }
    }

    static func reply<Entry: TimelineEntry>(for timeline: Timeline<Entry>, view: EntryView<Entry>? = nil) -> ProviderReply {
        do {
            return .timeline(
                try timeline.entries.map { try payload(for: $0, view: view?($0)) },
                policy: policy(timeline.policy))
        } catch {
            return .failure("could not encode \(Entry.self): \(error)")
        }
    }

    /// Dates in content as ISO 8601 text, as bundles have always sent them (JSONEncoder's `.iso8601`).
    private static let contentEncoder = JSONValueEncoder(dateEncodingStrategy: .iso8601)

    static func payload<Entry: TimelineEntry>(for entry: Entry, view: ViewTree? = nil) throws -> EntryPayload {
        var content: [String: JSONValue] = [:]
        // WidgetKit's entries need not be Encodable: one that is sends its fields, as before views.
        if let encodable = entry as? any Encodable {
            switch try contentEncoder.encode(encodable) {
            case .object(let members): content = members
            case let other: content = ["value": other]
            }
        }
        // `date` and `relevance` travel beside the content, not inside it.
        content["date"] = nil
        content["relevance"] = nil
        return EntryPayload(
            date: entry.date.timeIntervalSince1970,
            relevance: entry.relevance.map {
                // Through the Float's shortest decimal form, so 0.42 arrives as 0.42, not
                // 0.41999998688697815.
                RelevancePayload(score: Double($0.score.description) ?? Double($0.score), duration: $0.duration)
            },
            content: .object(content),
            view: view?.jsonValue
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
        do {
            return try JSONWriter.bytes(of: reply)
        } catch {
            // Only a non-finite number can fail to be written; say so rather than send nothing.
            return (try? JSONWriter.bytes(of: .failure("the reply contains a number JSON cannot hold"))) ?? []
        }
    }
}
