import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetDaemon
import WidgetHostJSON
import WidgetStore
import WidgetStoreModel

/// `widgethost status`: what the registry database says about every kind × family, read without
/// loading any bundle, so it answers the same with or without a running daemon (which saves the
/// registry after every call).
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show every kind's current entry, next reload and why, budget, last call and error.",
        discussion: """
            Reads the registry database (registry.sqlite in the data folder) that `widgethost run` \
            and `widgethost refresh` keep; no bundle is loaded and no provider is called. The next \
            reload is what the daemon's planner decides from the saved record: its date and the \
            one word that decides it (initial, policy, request, forced, retry, backoff, budget, \
            minimumInterval or never). Reload requests still waiting in the shared store for the \
            next daemon are not in the registry yet, so not shown.
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("Report as of this ISO-8601 date (default: now).", valueName: "date"))
    var at: ISODate?

    func run() throws {
        let date = at?.date ?? Date()
        let snapshot = try RegistrySnapshot.read(store.location)
        for problem in snapshot.problems { StandardError.print("warning: \(problem)") }
        switch output.format {
        case .json:
            try JSONOutput.print(StatusJSON(
                at: date.isoString, registry: snapshot.url.path, registryExists: snapshot.exists,
                daemon: DaemonJSON(
                    running: snapshot.daemonRunning, pid: snapshot.daemonRecord?.pid,
                    startedAt: snapshot.daemonRecord?.startedAt.isoString),
                settings: SettingsJSON(snapshot.settings),
                settingsSource: snapshot.savedSettings == nil ? "default" : "saved",
                kinds: snapshot.records.map { KindStatusJSON($0, settings: snapshot.settings, at: date) },
                unavailableInstances: snapshot.unavailableInstances.map { InstanceJSON($0, available: false) },
                problems: snapshot.problems.map(\.description)))
        case .text:
            print(StatusText.status(snapshot, at: date))
        }
    }
}

/// What the registry database holds, read without loading a bundle or creating a file. `status`
/// and `stack` share it.
struct RegistrySnapshot {
    let url: URL
    /// False when no daemon or refresh has made the database yet; everything else is empty then.
    let exists: Bool
    /// Every saved kind × family, by kind and then family.
    let records: [TimelineRecord]
    let problems: [RegistryRowProblem]
    /// The settings the last daemon saved; nil if none ever did.
    let savedSettings: SchedulerSettings?
    /// The daemon the database last recorded as started and not stopped.
    let daemonRecord: DaemonRecord?
    /// Whether a daemon holds the data folder's lock right now.
    let daemonRunning: Bool
    /// Instances whose kind the last run did not load: kept in the store, never called.
    var unavailableInstances: [WidgetInstance] = []

    /// The settings in force: the saved ones, else the defaults a plain `widgethost run` uses.
    var settings: SchedulerSettings { savedSettings ?? SchedulerSettings() }

    static func read(_ location: StoreLocation) throws -> RegistrySnapshot {
        let running = DaemonLock.isHeld(location)
        guard let database = try RegistryDatabase.openIfExists(location) else {
            return RegistrySnapshot(
                url: location.registryDatabaseURL, exists: false, records: [], problems: [],
                savedSettings: nil, daemonRecord: nil, daemonRunning: running)
        }
        let restored = try database.restore()
        // A removed instance's row stays until a host forgets it; the store says what exists.
        let store = try SharedStore.open(location)
        let instances = try store.instances()
        let existing = Set(instances.map(\.id))
        let records = restored.records.filter { $0.key.instance.map(existing.contains) ?? true }
        let catalog = try store.catalog()
        let loaded = Set(catalog.kinds.keys)
        var snapshot = RegistrySnapshot(
            url: database.url, exists: true, records: records, problems: restored.problems,
            savedSettings: try database.settings(), daemonRecord: try database.daemon(), daemonRunning: running)
        if catalog.recordedAt != nil {
            snapshot.unavailableInstances = instances.filter { !loaded.contains($0.kind) }
        }
        return snapshot
    }
}
