import Foundation
import WidgetPayload
import WidgetStoreModel

/// WidgetKit's Smart Stack: which widget of a family the stack should show on top at a moment,
/// by the relevance of each kind's current entry. Pure: it reads timelines and a date, so
/// `widgethost stack` can order the registry database's records without loading any bundle.
///
/// A kind takes part when its timeline in the family has an entry current at the moment (the
/// last entry whose date is not after it). Its score is that entry's relevance score while the
/// relevance applies, and 0 otherwise:
/// - a relevance with a `duration` applies from the entry's date for that many seconds;
/// - a relevance whose `duration` is 0 applies for as long as the entry is current;
/// - an entry without relevance scores 0.
///
/// Items come highest score first; equal scores by kind name, then instance id.
public enum SmartStack {
    /// One kind's timeline in one family: what the ordering reads.
    public struct Candidate: Sendable, Hashable {
        public let kind: String
        public let family: WidgetFamily
        /// A user-added instance's id; nil for the kind's implicit instance.
        public let instance: WidgetInstanceID?
        public let timeline: WidgetTimeline

        public init(kind: String, family: WidgetFamily, instance: WidgetInstanceID? = nil, timeline: WidgetTimeline) {
            self.kind = kind
            self.family = family
            self.instance = instance
            self.timeline = timeline
        }
    }

    /// Where an item's score comes from.
    public enum Standing: Sendable, Hashable {
        /// The entry's relevance applies: the score is its score.
        case relevant
        /// The entry's relevance applied until this date; the score is 0 now.
        case expired(at: Date)
        /// The entry has no relevance; the score is 0.
        case noRelevance
    }

    /// One widget in the stack.
    public struct Item: Sendable, Hashable {
        public let kind: String
        public let family: WidgetFamily
        /// A user-added instance's id; nil for the kind's implicit instance.
        public let instance: WidgetInstanceID?
        /// The entry current at the moment asked about.
        public let entry: WidgetEntry
        /// The relevance score counted: the entry's while it applies, otherwise 0.
        public let score: Double
        public let standing: Standing
        /// When the score stops holding because the relevance's duration runs out; nil when it
        /// holds until the next entry replaces this one, or for good (the last entry, or a
        /// score of 0 that nothing but a new entry changes).
        public let scoreUntil: Date?
    }

    /// Orders the candidates of `family` whose timeline has an entry current at `date`.
    /// Candidates of other families are left out.
    public static func order(_ candidates: [Candidate], family: WidgetFamily, at date: Date) -> [Item] {
        candidates
            .filter { $0.family == family }
            .compactMap { item(for: $0, at: date) }
            .sorted { ($0.score, $1.kind, $1.instance?.rawValue ?? "") > ($1.score, $0.kind, $0.instance?.rawValue ?? "") }
    }

    /// Orders the registry records of `family` that have a timeline with an entry current at `date`.
    public static func order(_ records: [TimelineRecord], family: WidgetFamily, at date: Date) -> [Item] {
        order(
            records.compactMap { record in
                record.timeline.map {
                    Candidate(kind: record.key.kind, family: record.key.family, instance: record.key.instance, timeline: $0)
                }
            },
            family: family, at: date)
    }

    /// The item a candidate makes at `date`; nil when no entry is current then.
    static func item(for candidate: Candidate, at date: Date) -> Item? {
        let entries = candidate.timeline.entries
        // The last entry whose date is not after `date`: the one `WidgetTimeline.entry(at:)` shows.
        guard let index = entries.lastIndex(where: { $0.date <= date }) else { return nil }
        let entry = entries[index]
        let nextEntryDate = entries[(index + 1)...].first { $0.date > entry.date }?.date
        func make(_ score: Double, _ standing: Standing, until: Date?) -> Item {
            Item(kind: candidate.kind, family: candidate.family, instance: candidate.instance, entry: entry, score: score,
                 standing: standing, scoreUntil: until)
        }
        guard let relevance = entry.relevance else { return make(0, .noRelevance, until: nil) }
        guard relevance.duration > 0 else { return make(relevance.score, .relevant, until: nil) }
        let end = entry.date.addingTimeInterval(relevance.duration)
        guard date < end else { return make(0, .expired(at: end), until: nil) }
        // A next entry that comes first replaces this one, and its own relevance counts then.
        if let nextEntryDate, nextEntryDate <= end { return make(relevance.score, .relevant, until: nil) }
        return make(relevance.score, .relevant, until: end)
    }
}
