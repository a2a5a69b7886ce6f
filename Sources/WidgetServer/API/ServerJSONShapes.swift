import Foundation
import WidgetDaemon
import WidgetHostCore
import WidgetHostJSON

// The server's JSON, built from the shapes the CLI prints (WidgetHostJSON): fields may be
// added, never renamed. docs/openapi.yaml describes each.

struct ImageLinks: Encodable {
    let png: String
    let svg: String

    init(_ key: TimelineKey) {
        let base = key.instance.map { "/v1/instances/\(WidgetPath.escape($0.rawValue))/current" }
            ?? "/v1/widgets/\(WidgetPath.escape(key.kind))/\(key.family.rawValue)/current"
        png = base + ".png"
        svg = base + ".svg"
    }
}

/// One kind in one family, as one instance: what `GET /v1/widgets` lists.
struct WidgetStateShape: Encodable {
    let kind: String
    let family: String
    /// A user-added instance's id; null for the kind's implicit instance in the family.
    let instance: String?
    /// The instance's configuration; null for an implicit instance (the kind's defaults).
    let configuration: [String: JSONValue]?
    /// Whether the kind takes a configuration (the gallery offers "edit" for those).
    let configurable: Bool
    let displayName: String
    let bundle: String
    let entry: EntryJSON?
    /// The current entry's text in reading order, as drawn in this family (for panels).
    let text: String?
    /// The current entry's `widgetURL` (what a click anywhere on the widget opens, through
    /// `POST …/open`); null when it has none.
    let url: String?
    /// Shows what its provider no longer vouches for (`isStale`).
    let stale: Bool
    /// A forced reload is waiting (after an intent was performed on it): what it shows is about
    /// to change.
    let pending: Bool
    let fetchedAt: String?
    let nextReload: PlannedReloadJSON
    let lastError: RecordedErrorJSON?
    let budget: BudgetStatusJSON
    let lastCall: CallSummaryJSON?
    let images: ImageLinks

    init(_ record: TimelineRecord, widget: WidgetDescriptor?, next: PlannedReload, text: String?, now: Date) {
        kind = record.key.kind
        family = record.key.family.rawValue
        instance = record.key.instance?.rawValue
        configuration = record.configuration
        configurable = widget?.configurationSchema != nil
        displayName = widget?.displayName ?? record.key.kind
        bundle = record.bundleName
        let current = record.entry(at: now)
        entry = current.map(EntryJSON.init)
        self.text = text
        url = current?.urls.widgetURL
        stale = Self.isStale(record, current: current, next: next, now: now)
        pending = record.hasPendingRequest && record.reloadForced
        fetchedAt = record.fetchedAt?.isoString
        nextReload = PlannedReloadJSON(next)
        lastError = record.lastError.map(RecordedErrorJSON.init)
        budget = BudgetStatusJSON(record.schedule.budget, at: now, next: next)
        lastCall = record.schedule.lastCall.map(CallSummaryJSON.init)
        images = ImageLinks(record.key)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(family, forKey: .family)
        try container.encode(instance, forKey: .instance)
        try container.encode(configuration, forKey: .configuration)
        try container.encode(configurable, forKey: .configurable)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(bundle, forKey: .bundle)
        try container.encode(entry, forKey: .entry)
        try container.encode(text, forKey: .text)
        try container.encode(url, forKey: .url)
        try container.encode(stale, forKey: .stale)
        try container.encode(pending, forKey: .pending)
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
        case kind, family, instance, configuration, configurable, displayName, bundle, entry, text, url, stale, pending, fetchedAt, nextReload, lastError, budget, lastCall, images
    }
}

struct WidgetListShape: Encodable {
    let at: String
    /// The newest event's id: a client opens `/v1/events` with `Last-Event-ID` set to it and
    /// misses nothing between this answer and the stream.
    let lastEventId: UInt64
    let widgets: [WidgetStateShape]
}

/// `GET /v1/widgets/{kind}/{family}/previews`: the kind's `#Preview`s in the family.
struct PreviewListShape: Encodable {
    struct Preview: Encodable {
        let name: String?
        let title: String
        let source: String
        /// How many entries `?entry=preview&preview=N&index=I` can draw; 0 when it failed.
        let entries: Int
        /// Why the preview's entries could not be made; absent when they were.
        let error: String?

        private enum CodingKeys: String, CodingKey { case name, title, source, entries, error }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            // null rather than absent: the spec requires the member, as for a kind's parameters.
            try container.encode(name, forKey: .name)
            try container.encode(title, forKey: .title)
            try container.encode(source, forKey: .source)
            try container.encode(entries, forKey: .entries)
            try container.encodeIfPresent(error, forKey: .error)
        }
    }

    let kind: String
    let family: String
    let previews: [Preview]

    init(kind: String, family: String, previews: [WidgetPreview]) {
        self.kind = kind
        self.family = family
        self.previews = previews.map { preview in
            let count: Int = if case .entries(let entries) = preview.content { entries.count } else { 0 }
            return Preview(name: preview.name, title: preview.title, source: preview.source, entries: count, error: preview.failure)
        }
    }
}

struct WidgetDetailShape: Encodable {
    let state: WidgetStateShape
    let entries: [EntryJSON]
    /// Null before the first timeline (never absent: the spec requires the member).
    let policy: PolicyJSON?
    let lastEventId: UInt64

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(entries, forKey: .entries)
        try container.encode(policy, forKey: .policy)
        try container.encode(lastEventId, forKey: .lastEventId)
    }

    private enum CodingKeys: String, CodingKey { case state, entries, policy, lastEventId }
}

/// The loaded kinds, for the gallery's "add widget": `GET /v1/kinds`. Each as `widgethost list
/// --format json` prints it.
struct KindListShape: Encodable {
    let kinds: [KindJSON]
}

/// `POST /v1/instances`.
struct NewInstanceBody: Decodable {
    let kind: String
    let family: String?
    let configuration: [String: JSONValue]?
}

/// `PUT /v1/instances/{id}`.
struct InstanceChangeBody: Decodable {
    let configuration: [String: JSONValue]
}

struct EntityOptionsShape: Encodable {
    let kind: String
    let parameter: String
    let options: [ParameterJSON.OptionJSON]
}

/// Kinds in paths: percent-escaped, so a kind name can never become a path segment.
enum WidgetPath {
    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
    }
}
