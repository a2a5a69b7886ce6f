import ArgumentParser
import Foundation
import WidgetHostCore
import WidgetDaemon
import WidgetHostJSON
import WidgetStoreModel

/// The main job, and the default command: load every bundle, fetch every kind's timeline in
/// every family once, show the kinds and the registry, and exit. Unlike `run`, it does not stay.
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch every kind's timelines once, show them, and exit (the default command).",
        discussion: """
            Every call is a forced reload: it does not count against the refresh budget. The \
            results are saved in the registry database for `status` and the next `run`, unless \
            a daemon is running (its registry is left to it) or --now is given (a what-if).
            """)

    @OptionGroup var host: HostOptions
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("The clock the providers see, ISO-8601 (default: now).", valueName: "date"))
    var now: ISODate?

    func run() async throws {
        let bundleHost = host.makeHost(clock: now.map { VirtualClock(start: $0.date) } ?? SystemClock())
        try await UnreadableBundleFolders.check(bundleHost) { try await refresh(bundleHost) }
    }

    private func refresh(_ bundleHost: BundleHost) async throws {
        // Instances first: a saved record comes back only into a key the registry holds.
        do {
            try bundleHost.syncInstances()
        } catch {
            StandardError.print("warning: cannot read the widget instances: \(error)")
        }
        let database = openRegistry(for: bundleHost)
        // Requests made while no host ran are honoured by this refresh, then forgotten.
        let pending = StoreUpkeep.collectReloadRequests(bundleHost)
        let scheduler = ReloadScheduler(host: bundleHost, database: database)
        await withTaskGroup(of: Void.self) { group in
            for record in bundleHost.registry.allRecords {
                group.addTask { await scheduler.reload(record.key, cause: .forced) }
            }
        }
        StoreUpkeep.finish(bundleHost, honoured: pending)
        try show(bundleHost, honoured: pending)
    }

    /// The registry database, restored into the host, when this refresh should save its results.
    private func openRegistry(for bundleHost: BundleHost) -> RegistryDatabase? {
        guard now == nil else { return nil }
        guard !DaemonLock.isHeld(bundleHost.storeLocation) else {
            StandardError.print("note: a widgethost daemon is running; its registry is left to it, and this refresh is not saved")
            return nil
        }
        do {
            let database = try RegistryDatabase.open(bundleHost.storeLocation)
            let restored = try database.restore()
            // The daemon's budget, so that the records it reads back next carry its limit.
            let budgetLimit = try database.settings()?.budgetLimit ?? SchedulerSettings().budgetLimit
            bundleHost.registry.restore(restored.records, budgetLimit: budgetLimit)
            return database
        } catch {
            StandardError.print("warning: the registry database cannot be used, so this refresh is not saved: \(error)")
            return nil
        }
    }

    private func show(_ bundleHost: BundleHost, honoured pending: [ReloadRequest]) throws {
        let widgets = bundleHost.bundles.catalog.widgets
        let records = bundleHost.registry.allRecords
        switch output.format {
        case .json:
            try JSONOutput.print(RefreshJSON(
                kinds: widgets.map(KindJSON.init), timelines: records.map(RecordJSON.init),
                honouredReloadRequests: pending.map(ReloadRequestJSON.init)))
        case .text:
            print(TextOutput.kinds(widgets))
            for widget in widgets {
                guard let timeline = bundleHost.registry.record(for: TimelineKey(kind: widget.kind, family: widget.defaultFamily))?.timeline else { continue }
                print("\n" + TextOutput.timeline(timeline, kind: widget.kind, family: widget.defaultFamily, at: nil))
                if TerminalSize.isTerminal {
                    print(WidgetDrawing(host: bundleHost).terminalPreview(timeline, of: widget, family: widget.defaultFamily, at: nil, now: bundleHost.clock.now), terminator: "")
                }
            }
            if !pending.isEmpty { print("\nHonoured \(pending.count) reload request(s) made while no host was running.") }
            if !records.isEmpty { print("\nRegistry (every kind \u{d7} family):\n" + TextOutput.records(records)) }
            let failed = bundleHost.bundles.reports.filter { $0.status == .failed || !$0.issues.isEmpty }
            if !failed.isEmpty { print("\n\(failed.count) bundle file(s) had problems; see `widgethost bundles`.") }
        }
    }
}

/// What `refresh` does with the shared store around its fetch.
enum StoreUpkeep {
    static func collectReloadRequests(_ host: BundleHost) -> [ReloadRequest] {
        do {
            return try host.reloadRequests.collect()
        } catch {
            StandardError.print("warning: cannot read pending reload requests: \(error)")
            return []
        }
    }

    /// Forgets the honoured requests and records which bundle declares which group and kind.
    static func finish(_ host: BundleHost, honoured: [ReloadRequest]) {
        do {
            try host.reloadRequests.acknowledge(honoured)
            try host.recordCatalog()
        } catch {
            StandardError.print("warning: cannot update the shared store: \(error)")
        }
    }
}
