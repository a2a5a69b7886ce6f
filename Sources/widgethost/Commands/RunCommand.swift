import ArgumentParser
import Dispatch
import Foundation
import Synchronization
import WidgetHostCore
import WidgetApp
import WidgetBus
import WidgetDaemon
import WidgetServer
import WidgetHostJSON
import WidgetStore

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

    /// Apps' half: WidgetCenter and App Groups on the session bus (docs/apps.md).
    @OptionGroup var bus: BusOptions

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
        // The daemon's store: its host's, its bus's and its server's, opened once.
        let sharedStore = host.store.storeOnFirstUse()
        let bundleHost = host.makeHost(sharedStore: sharedStore)
        // A daemon keeps running, so a folder it cannot read stops it at the start.
        if let unreadable = UnreadableBundleFolders(bundleHost) { throw unreadable }
        let display = live && LiveDisplay.isAvailable ? LiveDisplay() : nil
        if live && display == nil { StandardError.print("note: --live needs a terminal; printing the event log instead") }
        let schedulerBox = SchedulerReference()
        let format = self.format
        let serverSettings = try serverConfiguration()
        let hub = EventHub(backlogSize: serverSettings.backlogSize, maximumSubscribers: serverSettings.maximumSubscribers)
        let feed = SchedulerEventFeed(hub: hub) { bundleHost.clock.now }
        // The scheduler waits for this handler, so both consumers are hand-offs: the hub queues
        // the event for its clients, the writer the line for standard output.
        let log = EventLogWriter { line in
            if let display, let scheduler = schedulerBox.scheduler {
                display.show(line, scheduler: scheduler)
            } else {
                // Unbuffered, so a pipe (`| tee`, a test) sees each line as it happens.
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        }
        let busBox = BusReference()
        // Smart Rotate's stacks follow relevance here, in the daemon, so every home screen shows
        // what the store says.
        let rotation = SmartRotation(host: bundleHost, store: sharedStore) { line in StandardError.print("warning: \(line)") }
        let daemon = try HostDaemon(host: bundleHost, settings: scheduling.settings) { event in
            feed.send(event)
            rotation.schedulerEvent(event)
            if let line = EventLog.line(event, at: bundleHost.clock.now, format: format) { log.write(line) }
            if case .called(let key, let summary, _) = event, summary.succeeded {
                busBox.bus?.emitTimelinesReloaded(kinds: [key.kind])
            }
        }
        schedulerBox.scheduler = daemon.scheduler
        // The daemon lock is held from here, so the bus name and the change socket are ours.
        let apps = AppService(store: sharedStore, source: "dbus", kinds: LoadedKinds(host: bundleHost))
        busBox.bus = try startBus(apps, log: log, format: format, now: { bundleHost.clock.now })
        let changes = try? DefaultsChangeListener(location: bundleHost.storeLocation) { group, keys in
            busBox.bus?.emitChanged(group: group, keys: keys)
            hub.publish(name: "defaults", data: DefaultsChangeEvent(at: bundleHost.clock.now.isoString, group: group, keys: keys).json)
        }
        let server = ServerProgress()
        // Whatever is stuck, a signalled daemon is gone within the deadline, naming what was.
        let deadline = StopDeadline(clock: bundleHost.clock) {
            daemon.unfinishedWork + server.unfinishedWork + log.unfinishedWork
        } expire: { unfinished in
            // Written on a thread of its own: standard error may be the same stuck pipe as the
            // log, and the exit must not wait for it for more than a moment.
            let written = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                FileHandle.standardError.write(Data((StopDeadline.message(after: StopDeadline.standard, unfinished: unfinished) + "\n").utf8))
                written.signal()
            }
            _ = written.wait(timeout: .now() + .milliseconds(500))
            _exit(1)
        }
        let signals = ShutdownSignals {
            deadline.arm()
            daemon.stop()
        }
        defer {
            // The last lines (stopping, stopped) are written before returning; the deadline
            // bounds that too, when standard output is stuck.
            deadline.arm()
            log.flush()
            deadline.finish()
            signals.cancel()
            changes?.stop()
            busBox.bus?.stop()
            rotation.stop()
        }
        do {
            try rotation.start()
        } catch {
            StandardError.print("warning: Smart Rotate cannot follow the home screen's stacks (\(error)); they rotate on the widgets' next entries")
        }
        guard serverSettings.address != .off else { return try await daemon.run() }
        let httpServer = try WidgetHTTPServer(
            configuration: serverSettings, host: bundleHost, store: sharedStore, scheduler: daemon.scheduler, hub: hub,
            token: AccessToken.loadOrCreate(in: bundleHost.storeLocation.directory),
            widgetURLHandler: { kind, instance, url in busBox.bus?.deliverWidgetURL(kind: kind, instance: instance, url: url) ?? false })
        server.started()
        // The server lives as long as the daemon: it stops when the daemon returns, and a server
        // that cannot listen (a busy port) stops the daemon.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    defer { server.stopped() }
                    try await httpServer.run { url in
                        let line = format == .json
                            ? #"{"at":"\#(bundleHost.clock.now.isoString)","event":"serving","url":"\#(url)"}"#
                            : "serving the gallery and the API at \(url)"
                        log.write(line)
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

extension RunCommand {
    /// Serves `apps` on the session bus, as `--dbus` says; nil when off, or (auto) when there
    /// is no session bus or the name is taken (said on standard error).
    private func startBus(_ apps: AppService, log: EventLogWriter, format: OutputFormat, now: () -> Date) throws -> WidgetHostBus? {
        switch bus.dbus {
        case .off: return nil
        case .auto where !BusOptions.sessionBusReachable: return nil
        case .auto, .session: break
        }
        let served: WidgetHostBus
        do {
            served = try WidgetHostBus(service: apps) { reason in
                StandardError.print("error: lost the session bus (\(reason)): apps can no longer reach this daemon; restart it")
            }
        } catch {
            guard bus.dbus == .session else {
                StandardError.print("note: not serving apps on the session bus: \(error)")
                return nil
            }
            throw error
        }
        log.write(format == .json
            ? #"{"at":"\#(now().isoString)","event":"serving","bus":"\#(WidgetHostBus.busName)"}"#
            : "serving \(WidgetHostBus.busName) on the session bus")
        return served
    }
}

/// The `defaults` event of the event stream: which keys of a group an app changed.
private struct DefaultsChangeEvent: Encodable {
    let at: String
    let group: String
    let keys: [String]

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// Lets the scheduler's handler, made before the bus, reach it.
private final class BusReference: Sendable {
    private let stored = Mutex<WidgetHostBus?>(nil)
    var bus: WidgetHostBus? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

/// Whether the HTTP server is still running, for the stop deadline's report (read atomically).
private final class ServerProgress: Sendable {
    private let running = Atomic<Bool>(false)
    func started() { running.store(true, ordering: .releasing) }
    func stopped() { running.store(false, ordering: .releasing) }
    var unfinishedWork: [String] {
        running.load(ordering: .acquiring) ? ["the HTTP server (its connections and event streams)"] : []
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
