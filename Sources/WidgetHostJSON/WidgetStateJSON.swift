import Foundation
import WidgetDaemon
import WidgetHostCore
import WidgetPayload

/// One kind in one family, as one instance: what the server's `GET /v1/widgets` lists and
/// `GET /v1/widgets/{kind}/{family}` details (docs/openapi.yaml, `WidgetState`). Its timeline's
/// members are `status`'s (`KindStatusJSON`), worked out the same way (`TimelineStateMembers`);
/// beside them, what only a running host knows: the kind's declaration, the entry's text as drawn,
/// and where its images are.
public struct WidgetStateJSON: Encodable {
    /// Where a widget's current image is served, as PNG and as SVG.
    public struct ImageLinks: Encodable, Sendable {
        public let png: String
        public let svg: String

        public init(_ key: TimelineKey) {
            let base = key.instance.map { "/v1/instances/\(Self.escape($0.rawValue))/current" }
                ?? "/v1/widgets/\(Self.escape(key.kind))/\(key.family.rawValue)/current"
            png = base + ".png"
            svg = base + ".svg"
        }

        /// Percent-escaped, so that a kind's name or an id never becomes more than one path segment.
        static func escape(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
        }
    }

    public let kind: String
    public let family: String
    /// A user-added instance's id; null for the kind's implicit instance in the family.
    @ExplicitNull public private(set) var instance: String?
    /// The instance's configuration; null for an implicit instance (the kind's defaults).
    @ExplicitNull public private(set) var configuration: [String: JSONValue]?
    /// Whether the kind takes a configuration (the gallery offers "edit" for those).
    public let configurable: Bool
    public let displayName: String
    public let bundle: String
    @ExplicitNull public private(set) var entry: EntryJSON?
    /// The current entry's text in reading order, as drawn in this family (for panels).
    @ExplicitNull public private(set) var text: String?
    /// The current entry's `widgetURL` (what a click anywhere on the widget opens, through
    /// `POST …/open`); null when it has none.
    @ExplicitNull public private(set) var url: String?
    /// Shows what its provider no longer vouches for (`isStale`).
    public let stale: Bool
    /// A forced reload is waiting (after an intent was performed on it): what it shows is about
    /// to change.
    public let pending: Bool
    @ExplicitNull public private(set) var fetchedAt: String?
    public let nextReload: PlannedReloadJSON
    @ExplicitNull public private(set) var lastError: RecordedErrorJSON?
    public let budget: BudgetStatusJSON
    @ExplicitNull public private(set) var lastCall: CallSummaryJSON?
    /// The configuration value its bundle's query no longer offers, `{"parameter", "value"}`:
    /// the last call since the last good timeline failed for it and the value is still saved.
    /// The widget shows its last good timeline until someone picks another value. Null otherwise.
    @ExplicitNull public private(set) var unavailable: UnavailableValueJSON?
    public let images: ImageLinks

    /// `widget` is the kind's declaration in a loaded bundle (nil when none declares it any
    /// more); `text` the current entry's text as drawn.
    public init(_ record: TimelineRecord, widget: WidgetDescriptor?, next: PlannedReload, text: String?, now: Date) {
        let members = TimelineStateMembers(record, next: next, at: now)
        kind = members.kind
        family = members.family
        instance = members.instance
        configuration = members.configuration
        configurable = widget?.configurationSchema != nil
        displayName = widget?.displayName ?? record.key.kind
        bundle = members.bundle
        entry = members.entry
        self.text = text
        url = members.url
        stale = Self.isStale(record, current: members.current, next: next, now: now)
        pending = record.hasPendingRequest && record.reloadForced
        fetchedAt = members.fetchedAt
        nextReload = members.nextReload
        lastError = members.lastError
        budget = members.budget
        lastCall = members.lastCall
        unavailable = Self.unavailable(record).map { UnavailableValueJSON(parameter: $0.parameter, value: $0.value) }
        images = ImageLinks(record.key)
    }

    /// The value `record`'s last failed call said is no longer offered, while it is still the
    /// saved one and no good timeline came since.
    static func unavailable(_ record: TimelineRecord) -> UnavailableValue? {
        guard let error = record.lastError, case .call(_, .unavailableValue(let value, _)) = error.cause,
              error.at >= (record.fetchedAt ?? .distantPast),
              record.configuration?[value.parameter] == .string(value.value) else { return nil }
        return value
    }

    /// A configuration value its bundle no longer offers.
    public struct UnavailableValueJSON: Encodable, Sendable {
        public let parameter: String
        public let value: String
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
}
