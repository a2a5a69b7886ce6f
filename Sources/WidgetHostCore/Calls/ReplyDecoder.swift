import Foundation
import WidgetPayload

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
        // An empty timeline is WidgetKit's "nothing new": the last entries stay, under its policy
        // (`TimelineRegistry.recordTimeline`).
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

    /// The whole reply, well-formed in every member, or why not. Every member is read before the
    /// provider's own error is passed on, so a payload of the wrong shape is malformed whatever
    /// it says.
    private func reply(from payload: [UInt8]) throws(ProviderCallError) -> ProviderReply {
        let document: JSONValue
        do {
            document = try JSONReader().read(payload)
        } catch {
            throw .malformedPayload(detail: error.description)
        }
        let reply = try ReplyShape.reply(from: document)
        if let failure = reply.error {
            if let unavailable = failure.unavailable { throw .unavailableValue(unavailable, message: failure.message) }
            throw .providerFailed(message: failure.message)
        }
        return reply
    }

    func validated(_ entry: EntryPayload, index: Int) throws(ProviderCallError) -> WidgetEntry {
        guard entry.date.isFinite else { throw .invalidTimeline(.nonFiniteDate(index: index)) }
        guard SupportedDates.contains(secondsSince1970: entry.date) else {
            throw .invalidTimeline(.dateOutOfRange(index: index, seconds: entry.date))
        }
        if let relevance = entry.relevance,
           !relevance.score.isFinite || !relevance.duration.isFinite || relevance.duration < 0 {
            throw .invalidTimeline(.invalidRelevance(index: index))
        }
        return WidgetEntry(
            date: Date(timeIntervalSince1970: entry.date),
            relevance: entry.relevance.map { EntryRelevance(score: $0.score, duration: $0.duration) },
            content: entry.content,
            view: entry.view.map(EntryView.init(json:)))
    }

    private func validated(_ policy: PolicyPayload) throws(ProviderCallError) -> ReloadPolicy {
        switch policy {
        case .atEnd: return .atEnd
        case .never: return .never
        case .after(let seconds):
            guard seconds.isFinite else { throw .invalidTimeline(.nonFinitePolicyDate) }
            guard SupportedDates.contains(secondsSince1970: seconds) else { throw .invalidTimeline(.policyDateOutOfRange(seconds: seconds)) }
            return .after(Date(timeIntervalSince1970: seconds))
        }
    }
}

/// Maps a payload's JSON onto `ProviderReply` member by member, as its Codable conformance
/// would, but naming what is wrong by its path ("entries.2.date") for the bundle's author.
///
/// As with Codable: an optional member (`entry`, `entries`, `policy`, `error`, `relevance`) may
/// be null or absent; `content` may be any value, null included; unknown members are ignored.
/// Paths are passed as autoclosures so that a well-formed payload never builds one.
enum ReplyShape {
    typealias Object = [String: JSONValue]

    static func reply(from document: JSONValue) throws(ProviderCallError) -> ProviderReply {
        guard case .object(let members) = document else {
            throw .malformedPayload(detail: "wrong type at the top level: expected an object, found \(kind(of: document))")
        }
        // The version decides how to read the rest, so look at it first.
        let version: Int
        switch members["version"] {
        case .integer(let number)? where Int(exactly: number) != nil: version = Int(number)
        case let other?: throw wrongType("version", expected: "an integer such as 1", found: other)
        case nil: throw missing("version")
        }
        guard version <= PayloadVersion.current else {
            throw .unsupportedPayloadVersion(found: version, supported: PayloadVersion.current)
        }
        // Member by member in the order Codable read them, so the first wrong one is reported.
        var reply = ProviderReply(version: version)
        if let value = members["entry"].flatMap(nonNull) {
            reply.entry = try entry(value, at: "entry")
        }
        if let list = try optional("entries", of: members, as: "an array", \.arrayValue) {
            var entries: [EntryPayload] = []
            entries.reserveCapacity(list.count)
            for (index, value) in list.enumerated() {
                entries.append(try entry(value, at: "entries.\(index)"))
            }
            reply.entries = entries
        }
        if let members = try optional("policy", of: members, as: "an object", \.objectValue) {
            reply.policy = try policy(members)
        }
        if let members = try optional("error", of: members, as: "an object", \.objectValue) {
            reply.error = ErrorPayload(message: try string("message", of: members, in: "error"), unavailable: Self.unavailable(members))
        }
        return reply
    }

    /// An error's `unavailable` member; nil when it is absent or not of its shape (the message
    /// still says what failed, so a wrong one costs only the typed field).
    private static func unavailable(_ members: Object) -> UnavailableValue? {
        guard case .object(let unavailable)? = members["unavailable"],
              case .string(let parameter)? = unavailable["parameter"], case .string(let value)? = unavailable["value"]
        else { return nil }
        return UnavailableValue(parameter: parameter, value: value)
    }

    static func entry(_ value: JSONValue, at path: @autoclosure () -> String) throws(ProviderCallError) -> EntryPayload {
        guard case .object(let members) = value else { throw wrongType(path(), expected: "an object", found: value) }
        let date = try number("date", of: members, in: path())
        var relevance: RelevancePayload?
        if let members = try optional("relevance", of: members, in: path(), as: "an object", \.objectValue) {
            relevance = RelevancePayload(
                score: try number("score", of: members, in: "\(path()).relevance"),
                duration: try number("duration", of: members, in: "\(path()).relevance"))
        }
        guard let content = members["content"] else { throw missing(joined(path(), "content")) }
        // The view is read later, on its own (`ViewTree(json:)`): a bad view never costs the entry.
        return EntryPayload(date: date, relevance: relevance, content: content, view: members["view"].flatMap(nonNull))
    }

    private static func policy(_ members: Object) throws(ProviderCallError) -> PolicyPayload {
        switch try string("type", of: members, in: "policy") {
        case "atEnd": return .atEnd
        case "never": return .never
        case "after": return .after(try number("date", of: members, in: "policy"))
        case let type:
            throw .malformedPayload(detail: "unknown policy type \"\(type)\" at \"policy.type\"; expected atEnd, never or after")
        }
    }

    // MARK: Members

    /// A number member: an integer literal or any other JSON number.
    private static func number(_ key: String, of members: Object, in path: @autoclosure () -> String) throws(ProviderCallError) -> Double {
        switch members[key] {
        case .integer(let integer)?: return Double(integer)
        case .number(let number)?: return number
        case let other?: throw wrongType(joined(path(), key), expected: "a number", found: other)
        case nil: throw missing(joined(path(), key))
        }
    }

    private static func string(_ key: String, of members: Object, in path: @autoclosure () -> String) throws(ProviderCallError) -> String {
        switch members[key] {
        case .string(let string)?: return string
        case let other?: throw wrongType(joined(path(), key), expected: "a string", found: other)
        case nil: throw missing(joined(path(), key))
        }
    }

    /// An optional member of the kind `extract` takes out; nil when it is absent or null.
    private static func optional<Value>(
        _ key: String, of members: Object, in path: @autoclosure () -> String = "",
        as expected: String, _ extract: (JSONValue) -> Value?
    ) throws(ProviderCallError) -> Value? {
        guard let value = members[key].flatMap(nonNull) else { return nil }
        guard let extracted = extract(value) else { throw wrongType(joined(path(), key), expected: expected, found: value) }
        return extracted
    }

    private static func nonNull(_ value: JSONValue) -> JSONValue? {
        if case .null = value { return nil }
        return value
    }

    // MARK: Errors

    private static func missing(_ path: String) -> ProviderCallError {
        .malformedPayload(detail: "missing \"\(path)\"")
    }

    private static func wrongType(_ path: String, expected: String, found value: JSONValue) -> ProviderCallError {
        .malformedPayload(detail: "wrong type at \"\(path)\": expected \(expected), found \(kind(of: value))")
    }

    private static func joined(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .integer: "an integer"
        case .number(let number): "the number \(number)"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

private extension JSONValue {
    var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}
