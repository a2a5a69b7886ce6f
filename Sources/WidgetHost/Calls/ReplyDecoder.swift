import Foundation

/// Turns a provider's payload into validated entries and timelines (`payload.h`).
public struct ReplyDecoder: Sendable {
    public let limits: CallLimits

    public init(limits: CallLimits) {
        self.limits = limits
    }

    public func entry(from payload: [UInt8]) throws(ProviderCallError) -> WidgetEntry {
        guard let entry = try reply(from: payload).entry else { throw .missingMember("entry") }
        return try validated(entry, index: 0)
    }

    public func timeline(from payload: [UInt8]) throws(ProviderCallError) -> WidgetTimeline {
        let reply = try reply(from: payload)
        guard let entries = reply.entries else { throw .missingMember("entries") }
        guard let policy = reply.policy else { throw .missingMember("policy") }
        guard !entries.isEmpty else { throw .invalidTimeline(.noEntries) }
        guard entries.count <= limits.maxEntries else {
            throw .invalidTimeline(.tooManyEntries(count: entries.count, limit: limits.maxEntries))
        }
        var validatedEntries: [WidgetEntry] = []
        validatedEntries.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let validEntry = try validated(entry, index: index)
            if let previous = validatedEntries.last, validEntry.date < previous.date {
                throw .invalidTimeline(.outOfOrder(index: index))
            }
            validatedEntries.append(validEntry)
        }
        return WidgetTimeline(entries: validatedEntries, policy: try validated(policy))
    }

    private func reply(from payload: [UInt8]) throws(ProviderCallError) -> ProviderReply {
        let data = Data(payload)
        let reply: ProviderReply
        do {
            // The version decides how to read the rest, so look at it first.
            let version = try JSONDecoder().decode(VersionProbe.self, from: data).version
            guard version <= PayloadVersion.current else {
                throw ProviderCallError.unsupportedPayloadVersion(found: version, supported: PayloadVersion.current)
            }
            reply = try JSONDecoder().decode(ProviderReply.self, from: data)
        } catch let error as ProviderCallError {
            throw error
        } catch {
            throw .malformedPayload(detail: Self.summary(of: error))
        }
        if let failure = reply.error { throw .providerFailed(message: failure.message) }
        return reply
    }

    private func validated(_ entry: EntryPayload, index: Int) throws(ProviderCallError) -> WidgetEntry {
        guard entry.date.isFinite else { throw .invalidTimeline(.nonFiniteDate(index: index)) }
        if let relevance = entry.relevance,
           !relevance.score.isFinite || !relevance.duration.isFinite || relevance.duration < 0 {
            throw .invalidTimeline(.invalidRelevance(index: index))
        }
        return WidgetEntry(
            date: Date(timeIntervalSince1970: entry.date),
            relevance: entry.relevance.map { EntryRelevance(score: $0.score, duration: $0.duration) },
            content: entry.content)
    }

    private func validated(_ policy: PolicyPayload) throws(ProviderCallError) -> ReloadPolicy {
        switch policy {
        case .atEnd: return .atEnd
        case .never: return .never
        case .after(let seconds):
            guard seconds.isFinite else { throw .invalidTimeline(.nonFinitePolicyDate) }
            return .after(Date(timeIntervalSince1970: seconds))
        }
    }

    private struct VersionProbe: Decodable {
        let version: Int
    }

    /// DecodingError's description is long and nested; keep what helps a bundle author.
    private static func summary(of error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .dataCorrupted(let context):
            return context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription
        case .keyNotFound(let key, let context):
            return "missing \"\(Self.path(context.codingPath + [key]))\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \"\(Self.path(context.codingPath))\": \(context.debugDescription)"
        @unknown default:
            return "\(decoding)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
