import ArgumentParser
import Dispatch
import Foundation
import Synchronization
import WidgetHostCore
import WidgetDaemon
import WidgetServer
import WidgetHostJSON

/// `widgethost run`: the host daemon. Keeps every kind's timeline current by its reload policy,
/// within the refresh budget, until SIGINT or SIGTERM; prints one line per event.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the host daemon: keep every timeline current until interrupted.",
        discussion: """
            .atEnd reloads after the last entry's date, .after(date) at that date, .never only on \
            request. Scheduled reloads and app requests count against a budget per kind and \
            family per rolling 24 hours; `widgethost reload --force` does not. Failed reloads \
            back off and keep the last good timeline. The registry is saved in registry.sqlite \
            beside the shared store and restored at the next start. See `widgethost status`.
            """)

    @OptionGroup var host: HostOptions
    @OptionGroup var scheduling: SchedulingOptions

    @Option(help: "Event log format: text, or json (one object per line).")
    var format: OutputFormat = .text

    @Flag(help: "On a terminal, show every kind's current entry, updated live, above the latest events.")
    var live = false

    @Option(help: ArgumentHelp(
        "Where the gallery and the API listen: ADDR:PORT, unix:PATH or off.", valueName: "address"))
    var http: String = ListenAddress.default.description

    @Flag(help: "Serve a non-loopback --http address (POST then needs the token in <data>/http.token).")
    var httpAllowRemote = false

    /// What `POST …/open` (a click on a widget's URL in the gallery) runs.
    @OptionGroup var openURL: OpenURLOptions

    func validate() throws {
        let configuration = try serverConfiguration()
        do { try configuration.validate() } catch { throw ValidationError(error.description) }
    }

    private func serverConfiguration() throws -> ServerConfiguration {
        var configuration: ServerConfiguration
        do {
            configuration = ServerConfiguration(address: try ListenAddress(parsing: http), allowRemote: httpAllowRemote)
        } catch {
            throw ValidationError(error.description)
        }
        configuration.openURLCommand = try openURL.command()
        return configuration
    }

    func run() async throws {
        let bundleHost = host.makeHost()
        // A daemon keeps running, so a folder it cannot read stops it at the start.
        if let unreadable = UnreadableBundleFolders(bundleHost) { throw unreadable }
        let display = live && LiveDisplay.isAvailable ? LiveDisplay() : nil
        if live && display == nil { StandardError.print("note: --live needs a terminal; printing the event log instead") }
        let schedulerBox = SchedulerReference()
        let format = self.format
        let serverSettings = try serverConfiguration()
        let hub = EventHub(backlogSize: serverSettings.backlogSize, maximumSubscribers: serverSettings.maximumSubscribers)
        let feed = SchedulerEventFeed(hub: hub) { bundleHost.clock.now }
        let daemon = try HostDaemon(host: bundleHost, settings: scheduling.settings) { event in
            feed.send(event)
            guard let line = EventLog.line(event, at: bundleHost.clock.now, format: format) else { return }
            if let display, let scheduler = schedulerBox.scheduler {
                display.show(line, scheduler: scheduler)
            } else {
                // Unbuffered, so a pipe (`| tee`, a test) sees each line as it happens.
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        }
        schedulerBox.scheduler = daemon.scheduler
        let signals = ShutdownSignals { daemon.stop() }
        defer { signals.cancel() }
        guard serverSettings.address != .off else { return try await daemon.run() }
        let server = try WidgetHTTPServer(
            configuration: serverSettings, host: bundleHost, scheduler: daemon.scheduler, hub: hub,
            token: AccessToken.loadOrCreate(in: bundleHost.storeLocation.directory))
        // The server lives as long as the daemon: it stops when the daemon returns, and a server
        // that cannot listen (a busy port) stops the daemon.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await server.run { url in
                        let line = format == .json
                            ? #"{"at":"\#(bundleHost.clock.now.isoString)","event":"serving","url":"\#(url)"}"#
                            : "serving the gallery and the API at \(url)"
                        FileHandle.standardOutput.write(Data((line + "\n").utf8))
                    }
                } catch {
                    daemon.stop()
                    throw error
                }
            }
            try await daemon.run()
            group.cancelAll()
            try await group.waitForAll()
        }
    }
}

/// Lets the event handler, made before the daemon, reach the daemon's scheduler.
private final class SchedulerReference: Sendable {
    private let stored = Mutex<ReloadScheduler?>(nil)
    var scheduler: ReloadScheduler? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
