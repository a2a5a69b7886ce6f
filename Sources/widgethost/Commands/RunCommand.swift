import ArgumentParser
import Foundation
import WidgetHost

/// The main job: load every bundle, fetch every kind's timeline in every family it supports,
/// and show the kinds and the registry.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Fetch every kind's timelines into the registry and show them (the default).")

    @OptionGroup var host: HostOptions
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("The clock the providers see, ISO-8601 (default: now).", valueName: "date"))
    var now: ISODate?

    func run() async throws {
        let bundleHost = host.makeHost()
        // Requests made while no host ran are honoured by this refresh, then forgotten.
        let pending = StoreUpkeep.collectReloadRequests(bundleHost)
        await bundleHost.refreshAllTimelines(now: now?.date ?? Date())
        StoreUpkeep.finish(bundleHost, honoured: pending)
        let widgets = bundleHost.bundles.catalog.widgets
        let records = bundleHost.registry.allRecords
        switch output.format {
        case .json:
            try JSONOutput.print(RunJSON(
                kinds: widgets.map(KindJSON.init), timelines: records.map(RecordJSON.init),
                honouredReloadRequests: pending.map(ReloadRequestJSON.init)))
        case .text:
            print(TextOutput.kinds(widgets))
            for widget in widgets {
                guard let timeline = bundleHost.registry.record(for: TimelineKey(kind: widget.kind, family: widget.defaultFamily))?.timeline else { continue }
                print("\n" + TextOutput.timeline(timeline, kind: widget.kind, family: widget.defaultFamily, at: nil))
            }
            if !pending.isEmpty { print("\nHonoured \(pending.count) reload request(s) made while no host was running.") }
            if !records.isEmpty { print("\nRegistry (every kind \u{d7} family):\n" + TextOutput.records(records)) }
            let failed = bundleHost.bundles.reports.filter { $0.status == .failed || !$0.issues.isEmpty }
            if !failed.isEmpty { print("\n\(failed.count) bundle file(s) had problems; see `widgethost bundles`.") }
        }
    }
}

/// What `run` does with the shared store around its refresh.
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
