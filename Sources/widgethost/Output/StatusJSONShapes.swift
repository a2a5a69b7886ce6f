import Foundation
import WidgetHostCore
import WidgetDaemon
import WidgetHostJSON

// The JSON of `status` and `stack`. Add fields, never rename them.

/// The scheduler's knobs, as `status` and `simulate` print them.
struct SettingsJSON: Encodable {
    let budget: Int
    let backoffInitial: Double
    let backoffMaximum: Double
    let minimumInterval: Double

    init(_ settings: SchedulerSettings) {
        budget = settings.budgetLimit
        backoffInitial = settings.backoff.initial
        backoffMaximum = settings.backoff.maximum
        minimumInterval = settings.minimumInterval
    }
}

/// `status --format json`.
struct StatusJSON: Encodable {
    /// The moment the status is for (`--at`, or now).
    let at: String
    /// The registry database's path, whether or not it exists.
    let registry: String
    let registryExists: Bool
    let daemon: DaemonJSON
    let settings: SettingsJSON
    /// "saved" (by the daemon that last ran) or "default" (none was ever saved).
    let settingsSource: String
    /// Every kind × family × instance, by kind, family and instance; empty without a registry.
    let kinds: [KindStatusJSON]
    /// Instances whose kind no loaded bundle declares (the last run's catalog): kept, not called.
    let unavailableInstances: [InstanceJSON]
    /// Saved columns that could not be read back.
    let problems: [String]
}

struct DaemonJSON: Encodable {
    /// Whether a `widgethost run` holds the data folder's daemon lock right now.
    let running: Bool
    /// The daemon the registry last recorded as started and not cleanly stopped; null if none.
    /// Set while `running` is false when a daemon was killed.
    let pid: Int32?
    let startedAt: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(running, forKey: .running)
        try container.encode(pid, forKey: .pid)
        try container.encode(startedAt, forKey: .startedAt)
    }

    private enum CodingKeys: String, CodingKey { case running, pid, startedAt }
}

/// One kind in one family, as `status` reports it.
struct KindStatusJSON: Encodable {
    let kind: String
    let family: String
    /// A user-added instance's id; absent for a kind's implicit instance.
    let instance: String?
    /// The instance's configuration; absent for a kind's implicit instance.
    let configuration: [String: JSONValue]?
    let bundle: String
    /// The entry current at `at`; null before the first entry or without a timeline.
    let entry: EntryJSON?
    /// The current entry's `widgetURL`; null when it has none (as the API's WidgetState).
    let url: String?
    let fetchedAt: String?
    let nextReload: PlannedReloadJSON
    let budget: BudgetStatusJSON
    let lastCall: CallSummaryJSON?
    let lastError: RecordedErrorJSON?
    let pendingRequest: PendingRequestJSON?
    let consecutiveFailures: Int

    init(_ record: TimelineRecord, settings: SchedulerSettings, at date: Date) {
        let next = ReloadPlanner.plan(for: record, settings: settings, now: date)
        kind = record.key.kind
        family = record.key.family.rawValue
        instance = record.key.instance?.rawValue
        configuration = record.configuration
        bundle = record.bundleName
        let current = record.entry(at: date)
        entry = current.map(EntryJSON.init)
        url = current?.urls.widgetURL
        fetchedAt = record.fetchedAt?.isoString
        nextReload = PlannedReloadJSON(next)
        budget = BudgetStatusJSON(record.schedule.budget, at: date, next: next)
        lastCall = record.schedule.lastCall.map(CallSummaryJSON.init)
        lastError = record.lastError.map(RecordedErrorJSON.init)
        pendingRequest = record.reloadRequestedAt.map { PendingRequestJSON(requestedAt: $0.isoString, forced: record.reloadForced) }
        consecutiveFailures = record.schedule.consecutiveFailures
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(family, forKey: .family)
        try container.encodeIfPresent(instance, forKey: .instance)
        try container.encodeIfPresent(configuration, forKey: .configuration)
        try container.encode(bundle, forKey: .bundle)
        try container.encode(entry, forKey: .entry)  // null, not absent
        try container.encode(url, forKey: .url)
        try container.encode(fetchedAt, forKey: .fetchedAt)
        try container.encode(nextReload, forKey: .nextReload)
        try container.encode(budget, forKey: .budget)
        try container.encode(lastCall, forKey: .lastCall)
        try container.encode(lastError, forKey: .lastError)
        try container.encode(pendingRequest, forKey: .pendingRequest)
        try container.encode(consecutiveFailures, forKey: .consecutiveFailures)
    }

    private enum CodingKeys: String, CodingKey {
        case kind, family, instance, configuration, bundle, entry, url, fetchedAt, nextReload, budget, lastCall, lastError, pendingRequest, consecutiveFailures
    }
}

struct PendingRequestJSON: Encodable {
    let requestedAt: String
    /// Forced by the user: answered at once, outside the budget and any backoff.
    let forced: Bool
}

/// `stack --format json`.
struct StackJSON: Encodable {
    let at: String
    let family: String
    let registry: String
    let registryExists: Bool
    /// Top of the stack first.
    let items: [StackItemJSON]
}

struct StackItemJSON: Encodable {
    let rank: Int
    let kind: String
    let family: String
    /// A user-added instance's id; absent for a kind's implicit instance.
    let instance: String?
    let score: Double
    /// "relevant", "expired" (the relevance's duration ran out) or "none" (no relevance).
    let relevance: String
    /// When the score stops holding; null when it holds until the next entry or for good.
    let until: String?
    let entry: EntryJSON

    init(_ item: SmartStack.Item, rank: Int) {
        self.rank = rank
        kind = item.kind
        family = item.family.rawValue
        instance = item.instance?.rawValue
        score = item.score
        relevance = switch item.standing {
        case .relevant: "relevant"
        case .expired: "expired"
        case .noRelevance: "none"
        }
        until = item.scoreUntil?.isoString
        entry = EntryJSON(item.entry)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rank, forKey: .rank)
        try container.encode(kind, forKey: .kind)
        try container.encode(family, forKey: .family)
        try container.encode(score, forKey: .score)
        try container.encode(relevance, forKey: .relevance)
        try container.encode(until, forKey: .until)
        try container.encode(entry, forKey: .entry)
    }

    private enum CodingKeys: String, CodingKey { case rank, kind, family, score, relevance, until, entry }
}
