import Foundation
import WidgetDaemon
import WidgetHostCore

// The server's JSON, after the CLI's `status` and `timeline` shapes (README, JSON shapes):
// fields may be added, never renamed. docs/openapi.yaml describes each.

extension Date {
    var iso8601: String { formatted(.iso8601) }
}

struct EntryShape: Encodable {
    let date: String
    let relevance: Relevance?
    let content: JSONValue
    let view: JSONValue?
    let viewError: String?

    struct Relevance: Encodable { let score: Double; let duration: Double }

    init(_ entry: WidgetEntry) {
        date = entry.date.iso8601
        relevance = entry.relevance.map { Relevance(score: $0.score, duration: $0.duration) }
        content = entry.content
        view = entry.view?.json
        viewError = entry.view?.error?.description
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(relevance, forKey: .relevance)  // null, not absent
        try container.encode(content, forKey: .content)
        try container.encodeIfPresent(view, forKey: .view)
        try container.encodeIfPresent(viewError, forKey: .viewError)
    }

    private enum CodingKeys: String, CodingKey { case date, relevance, content, view, viewError }
}

struct PolicyShape: Encodable {
    let type: String
    let date: String?

    init(_ policy: ReloadPolicy) {
        switch policy {
        case .atEnd: (type, date) = ("atEnd", nil)
        case .never: (type, date) = ("never", nil)
        case .after(let when): (type, date) = ("after", when.iso8601)
        }
    }
}

struct NextReloadShape: Encodable {
    let at: String?
    let reason: String
    let cause: String?

    init(_ planned: PlannedReload) {
        at = planned.date?.iso8601
        reason = planned.reason
        cause = planned.cause?.rawValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(at, forKey: .at)
        try container.encode(reason, forKey: .reason)
        try container.encode(cause, forKey: .cause)
    }

    private enum CodingKeys: String, CodingKey { case at, reason, cause }
}

struct ErrorShape: Encodable {
    let code: String
    let description: String
    let at: String

    init(_ error: RecordedError) {
        code = error.code
        description = error.description
        at = error.at.iso8601
    }
}

struct BudgetShape: Encodable {
    let used: Int
    let limit: Int
    let remaining: Int
}

struct CallShape: Encodable {
    let at: String
    let cause: String
    let durationMs: Double
    let result: String
    let entries: Int?
    let error: Failure?

    struct Failure: Encodable { let code: String; let message: String }

    init(_ call: CallSummary) {
        at = call.at.iso8601
        cause = call.cause.rawValue
        durationMs = (call.duration * 1_000).rounded()
        switch call.outcome {
        case .succeeded(let count): (result, entries, error) = ("ok", count, nil)
        case .failed(let code, let message): (result, entries, error) = ("failed", nil, Failure(code: code, message: message))
        }
    }
}

struct ImageLinks: Encodable {
    let png: String
    let svg: String

    init(kind: String, family: WidgetFamily) {
        let base = "/v1/widgets/\(WidgetPath.escape(kind))/\(family.rawValue)/current"
        png = base + ".png"
        svg = base + ".svg"
    }
}

/// One kind in one family: what `GET /v1/widgets` lists.
struct WidgetStateShape: Encodable {
    let kind: String
    let family: String
    let displayName: String
    let bundle: String
    let entry: EntryShape?
    /// The current entry's text in reading order, as drawn in this family (for panels).
    let text: String?
    /// Shows what its provider no longer vouches for (`isStale`).
    let stale: Bool
    let fetchedAt: String?
    let nextReload: NextReloadShape
    let lastError: ErrorShape?
    let budget: BudgetShape
    let lastCall: CallShape?
    let images: ImageLinks

    init(_ record: TimelineRecord, widget: WidgetDescriptor?, next: PlannedReload, text: String?, now: Date) {
        kind = record.key.kind
        family = record.key.family.rawValue
        displayName = widget?.displayName ?? record.key.kind
        bundle = record.bundleName
        let current = record.entry(at: now)
        entry = current.map(EntryShape.init)
        self.text = text
        stale = Self.isStale(record, current: current, next: next, now: now)
        fetchedAt = record.fetchedAt?.iso8601
        nextReload = NextReloadShape(next)
        lastError = record.lastError.map(ErrorShape.init)
        let budget = record.schedule.budget
        self.budget = BudgetShape(used: budget.used(at: now), limit: budget.limit, remaining: budget.remaining(at: now))
        lastCall = record.schedule.lastCall.map(CallShape.init)
        images = ImageLinks(kind: record.key.kind, family: record.key.family)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(family, forKey: .family)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(bundle, forKey: .bundle)
        try container.encode(entry, forKey: .entry)
        try container.encode(text, forKey: .text)
        try container.encode(stale, forKey: .stale)
        try container.encode(fetchedAt, forKey: .fetchedAt)
        try container.encode(nextReload, forKey: .nextReload)
        try container.encode(lastError, forKey: .lastError)
        try container.encode(budget, forKey: .budget)
        try container.encode(lastCall, forKey: .lastCall)
        try container.encode(images, forKey: .images)
    }

    /// Stale: nothing to show; or the timeline asked to be reloaded and the reload since failed;
    /// or the planned reload is over a minute late (the daemon is behind or a call hangs). A
    /// reload merely waiting for its turn in the budget is not stale: WidgetKit shows that too.
    private static func isStale(_ record: TimelineRecord, current: WidgetEntry?, next: PlannedReload, now: Date) -> Bool {
        guard current != nil, let timeline = record.timeline else { return true }
        if let late = next.date, now.timeIntervalSince(late) > 60 { return true }
        let due: Date? = switch timeline.policy {
        case .atEnd: timeline.entries.last?.date
        case .after(let date): date
        case .never: nil
        }
        guard let due, due <= now, let error = record.lastError else { return false }
        return error.at >= (record.fetchedAt ?? .distantPast)
    }

    private enum CodingKeys: String, CodingKey {
        case kind, family, displayName, bundle, entry, text, stale, fetchedAt, nextReload, lastError, budget, lastCall, images
    }
}

struct WidgetListShape: Encodable {
    let at: String
    /// The newest event's id: a client opens `/v1/events` with `Last-Event-ID` set to it and
    /// misses nothing between this answer and the stream.
    let lastEventId: UInt64
    let widgets: [WidgetStateShape]
}

struct WidgetDetailShape: Encodable {
    let state: WidgetStateShape
    let entries: [EntryShape]
    let policy: PolicyShape?
    let lastEventId: UInt64
}

struct ReloadBody: Decodable {
    let kinds: [String]
    let force: Bool?
}

struct ReloadAnswer: Encodable {
    let kinds: [String]
    let forced: Bool
    let requestIds: [Int64]
    let deliveredToRunningHost: Bool
}

/// Kinds in paths: percent-escaped, so a kind name can never become a path segment.
enum WidgetPath {
    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
    }
}
