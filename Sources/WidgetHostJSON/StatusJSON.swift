import Foundation
import WidgetDaemon
import WidgetHostCore
import WidgetPayload

// The JSON of `status` and `stack` (docs/daemon.md, "JSON shapes"). Add fields, never rename
// them. A timeline's row shares its members' shapes and values with the server's
// `WidgetStateJSON` (`TimelineStateMembers`).

/// The scheduler's knobs, as `status` and `simulate` print them.
public struct SettingsJSON: Encodable, Sendable {
    public let budget: Int
    public let backoffInitial: Double
    public let backoffMaximum: Double
    public let minimumInterval: Double

    public init(_ settings: SchedulerSettings) {
        budget = settings.budgetLimit
        backoffInitial = settings.backoff.initial
        backoffMaximum = settings.backoff.maximum
        minimumInterval = settings.minimumInterval
    }
}

/// `status --format json`.
public struct StatusJSON: Encodable {
    /// The moment the status is for (`--at`, or now).
    public let at: String
    /// The registry database's path, whether or not it exists.
    public let registry: String
    public let registryExists: Bool
    public let daemon: DaemonJSON
    public let settings: SettingsJSON
    /// "saved" (by the daemon that last ran) or "default" (none was ever saved).
    public let settingsSource: String
    /// Every kind × family × instance, by kind, family and instance; empty without a registry.
    public let kinds: [KindStatusJSON]
    /// Instances whose kind no loaded bundle declares (the last run's catalog): kept, not called.
    public let unavailableInstances: [InstanceJSON]
    /// Saved columns that could not be read back.
    public let problems: [String]

    public init(
        at: String, registry: String, registryExists: Bool, daemon: DaemonJSON, settings: SettingsJSON, settingsSource: String,
        kinds: [KindStatusJSON], unavailableInstances: [InstanceJSON], problems: [String]
    ) {
        self.at = at
        self.registry = registry
        self.registryExists = registryExists
        self.daemon = daemon
        self.settings = settings
        self.settingsSource = settingsSource
        self.kinds = kinds
        self.unavailableInstances = unavailableInstances
        self.problems = problems
    }
}

public struct DaemonJSON: Encodable, Sendable {
    /// Whether a `widgethost run` holds the data folder's daemon lock right now.
    public let running: Bool
    /// The daemon the registry last recorded as started and not cleanly stopped; null if none.
    /// Set while `running` is false when a daemon was killed.
    @ExplicitNull public private(set) var pid: Int32?
    @ExplicitNull public private(set) var startedAt: String?

    public init(running: Bool, pid: Int32?, startedAt: String?) {
        self.running = running
        self.pid = pid
        self.startedAt = startedAt
    }
}

/// One kind in one family, as `status` reports it.
public struct KindStatusJSON: Encodable {
    public let kind: String
    public let family: String
    /// A user-added instance's id; absent for a kind's implicit instance.
    public let instance: String?
    /// The instance's configuration; absent for a kind's implicit instance.
    public let configuration: [String: JSONValue]?
    public let bundle: String
    /// The entry current at `at`; null before the first entry or without a timeline.
    @ExplicitNull public private(set) var entry: EntryJSON?
    /// The current entry's `widgetURL`; null when it has none (as the API's WidgetState).
    @ExplicitNull public private(set) var url: String?
    @ExplicitNull public private(set) var fetchedAt: String?
    public let nextReload: PlannedReloadJSON
    public let budget: BudgetStatusJSON
    @ExplicitNull public private(set) var lastCall: CallSummaryJSON?
    @ExplicitNull public private(set) var lastError: RecordedErrorJSON?
    @ExplicitNull public private(set) var pendingRequest: PendingRequestJSON?
    public let consecutiveFailures: Int

    public init(_ record: TimelineRecord, settings: SchedulerSettings, at date: Date) {
        let next = ReloadPlanner.plan(for: record, settings: settings, now: date)
        let members = TimelineStateMembers(record, next: next, at: date)
        kind = members.kind
        family = members.family
        instance = members.instance
        configuration = members.configuration
        bundle = members.bundle
        entry = members.entry
        url = members.url
        fetchedAt = members.fetchedAt
        nextReload = members.nextReload
        budget = members.budget
        lastCall = members.lastCall
        lastError = members.lastError
        pendingRequest = record.reloadRequestedAt.map { PendingRequestJSON(requestedAt: $0.isoString, forced: record.reloadForced) }
        consecutiveFailures = record.schedule.consecutiveFailures
    }
}

public struct PendingRequestJSON: Encodable, Sendable {
    public let requestedAt: String
    /// Forced by the user: answered at once, outside the budget and any backoff.
    public let forced: Bool
}

/// What `status`'s rows and the server's `WidgetStateJSON` both say of one timeline at a moment,
/// worked out once: the same members, from the same record, the same way.
struct TimelineStateMembers {
    let kind: String
    let family: String
    let instance: String?
    let configuration: [String: JSONValue]?
    let bundle: String
    /// The entry current at the moment.
    let current: WidgetEntry?
    let entry: EntryJSON?
    let url: String?
    let fetchedAt: String?
    let nextReload: PlannedReloadJSON
    let budget: BudgetStatusJSON
    let lastCall: CallSummaryJSON?
    let lastError: RecordedErrorJSON?

    init(_ record: TimelineRecord, next: PlannedReload, at date: Date) {
        kind = record.key.kind
        family = record.key.family.rawValue
        instance = record.key.instance?.rawValue
        configuration = record.configuration
        bundle = record.bundleName
        current = record.entry(at: date)
        entry = current.map(EntryJSON.init)
        url = current?.urls.widgetURL
        fetchedAt = record.fetchedAt?.isoString
        nextReload = PlannedReloadJSON(next)
        budget = BudgetStatusJSON(record.schedule.budget, at: date, next: next)
        lastCall = record.schedule.lastCall.map(CallSummaryJSON.init)
        lastError = record.lastError.map(RecordedErrorJSON.init)
    }
}

/// `stack --format json`.
public struct StackJSON: Encodable {
    public let at: String
    public let family: String
    public let registry: String
    public let registryExists: Bool
    /// Top of the stack first.
    public let items: [StackItemJSON]

    public init(at: String, family: String, registry: String, registryExists: Bool, items: [StackItemJSON]) {
        self.at = at
        self.family = family
        self.registry = registry
        self.registryExists = registryExists
        self.items = items
    }
}

public struct StackItemJSON: Encodable {
    public let rank: Int
    public let kind: String
    public let family: String
    /// A user-added instance's id; absent for a kind's implicit instance, as in `status`.
    public let instance: String?
    public let score: Double
    /// "relevant", "expired" (the relevance's duration ran out) or "none" (no relevance).
    public let relevance: String
    /// When the score stops holding; null when it holds until the next entry or for good.
    @ExplicitNull public private(set) var until: String?
    public let entry: EntryJSON

    public init(_ item: SmartStack.Item, rank: Int) {
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

    private enum CodingKeys: String, CodingKey { case rank, kind, family, instance, score, relevance, until, entry }
}
