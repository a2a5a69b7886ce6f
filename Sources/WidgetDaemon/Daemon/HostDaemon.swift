import Foundation
import Synchronization
import WidgetStoreModel
import WidgetHostCore

/// `widgethost run`: keeps every kind's timeline current until stopped.
///
/// Start-up order matters: the daemon lock first (one daemon per data folder), then the registry
/// database is restored (the last good timelines are back before any provider is called), then
/// requests made while no host ran are taken, then the wake-up socket is opened. After that it
/// sleeps until the next thing is due or someone pokes it; nothing polls.
public final class HostDaemon: Sendable {
    public let scheduler: ReloadScheduler
    private let database: RegistryDatabase
    private let onEvent: @Sendable (SchedulerEvent) -> Void
    private let wakeup: Wakeup
    /// The loop's own thread (`DaemonExecutor` says why).
    /// Where an intent violation's record is saved, off the bundle's thread.
    private let violationSaving = DispatchQueue(label: "widgethost.intent-violation-save")
    private let loopExecutor = DaemonExecutor(name: "wh.daemon")
    /// The calls' threads: as many as the machine has cores, since a call's own work (decoding
    /// its reply, saving its record) is CPU work, and a provider's blocking is on its own thread
    /// or in its worker.
    private let callExecutor = DaemonExecutor(name: "wh.calls", width: ProcessInfo.processInfo.activeProcessorCount)
    private let stopRequested = Atomic<Bool>(false)
    /// Whether instances of unloaded kinds were reported once (they are every sync).
    private let reportedUnavailable = Atomic<Bool>(false)
    /// Where `run()` is, for `unfinishedWork` (read without a lock: it is asked when stuck).
    private let stage = Atomic<Stage.RawValue>(Stage.notRunning.rawValue)

    private enum Stage: UInt8 {
        case notRunning, starting, running, waitingForCalls, saving, stoppingWorkers, recordingStop
    }

    /// - Parameter onEvent: as `ReloadScheduler`'s: called synchronously, never with a lock of
    ///   the daemon's held, and it must not block (hand slow work off).
    public init(
        host: BundleHost, settings: SchedulerSettings,
        onEvent: @escaping @Sendable (SchedulerEvent) -> Void = { _ in }
    ) throws(HostDaemonError) {
        do {
            database = try RegistryDatabase.open(host.storeLocation)
        } catch {
            throw .registry(error)
        }
        self.onEvent = onEvent
        wakeup = Wakeup(clock: host.clock)
        scheduler = ReloadScheduler(host: host, settings: settings, database: database, onEvent: onEvent)
    }

    private var host: BundleHost { scheduler.host }

    /// Runs until `stop()`; then lets in-flight calls finish (each is bounded by the call
    /// timeout), saves the registry and returns.
    public func run() async throws(HostDaemonError) {
        let lock = try DaemonLock.acquire(host.storeLocation)
        defer { lock.release() }
        enter(.starting)
        defer { enter(.notRunning) }
        // Instances first: a saved record comes back only into a key the registry holds.
        syncInstances()
        try restoreRegistry()
        // Opening the store and the registry tightened the folder; what could not be is told.
        if let warning = DataFolderPrivacy.takeWarning(for: host.storeLocation) {
            onEvent(.dataFolderNotPrivate(warning))
        }
        recordCatalog()
        host.registry.observeReloadRequests { [wakeup] in wakeup.poke() }
        observeIntentViolations()
        take(collectPendingRequests())
        let listener: any ReloadRequestListener
        do {
            listener = try host.reloadRequests.listen { [self] requests in take(requests) }
        } catch {
            throw .wakeup(error)
        }
        defer { listener.stop() }
        let watcher = watchBundleFiles()
        defer { watcher?.stop() }

        // The loop on a thread of its own, its calls on a few more (`DaemonExecutor` says why).
        defer {
            loopExecutor.finish()
            callExecutor.finish()
        }
        enter(.running)
        await withTaskExecutorPreference(loopExecutor) { await withDiscardingTaskGroup { group in
            while !stopRequested.load(ordering: .acquiring) {
                // One reading of the clock per step: an entry dated between two readings would
                // be neither current at the first nor waited for after the second. Entries are
                // announced before the step's calls start, so that a reload cannot replace a
                // timeline whose entry has just come due before that entry is announced.
                let now = scheduler.clock.now
                scheduler.announceCurrentEntries(at: now)
                for reload in scheduler.claimDueReloads(at: now) {
                    group.addTask(executorPreference: callExecutor) { [self] in
                        _ = await scheduler.perform(reload)
                        wakeup.poke()
                    }
                }
                await wakeup.wait(until: scheduler.nextWakeDate(after: now))
            }
            enter(.waitingForCalls)
            onEvent(.stopping(inFlight: scheduler.inFlightCount))
        } }
        enter(.saving)
        scheduler.save()
        enter(.stoppingWorkers)
        host.stopWorkers()
        enter(.recordingStop)
        do {
            try database.recordDaemonStop()
        } catch {
            onEvent(.persistenceFailed(error))
        }
        onEvent(.stopped)
    }

    /// An intent's wrong completion is reported, and the widget's record (which now carries it
    /// as its error) saved at once, so `widgethost status` shows it without waiting for the next
    /// call. Saved off the bundle's thread: the report may come from inside its perform.
    private func observeIntentViolations() {
        host.intentViolations.observe { [weak self] violation, key in
            guard let self else { return }
            onEvent(.intentViolation(violation, key: key))
            guard let key else { return }
            // A serial queue: libdispatch's global ones start its pool's monitor (`DaemonExecutor`).
            violationSaving.async { [scheduler] in scheduler.save([key]) }
        }
    }

    /// Asks `run()` to finish; safe from any thread (a signal handler's queue).
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
        wakeup.poke()
    }

    /// What `run()` has not finished, a phrase each; empty once it has returned (or before it
    /// started). Never waits: it is what a stop deadline names when something is stuck, so it
    /// reads the stage atomically and the calls under way only if their lock is free.
    public var unfinishedWork: [String] {
        switch Stage(rawValue: stage.load(ordering: .acquiring)) ?? .notRunning {
        case .notRunning: return []
        case .starting: return ["the daemon's start (restoring the registry, reading the shared store)"]
        case .running: return ["the daemon's loop (a step that did not end: announcing entries or claiming reloads)"]
        case .waitingForCalls:
            guard let keys = scheduler.inFlightKeysIfAvailable else {
                return ["the calls under way (their list is locked by a stuck thread)"]
            }
            let names = keys.map(\.label).sorted()
            return ["\(names.count) call(s) under way: \(names.joined(separator: ", "))"]
        case .saving: return ["saving the registry database"]
        case .stoppingWorkers: return ["stopping the bundles' workers"]
        case .recordingStop: return ["recording the stop in the registry database"]
        }
    }

    private func enter(_ next: Stage) {
        stage.store(next.rawValue, ordering: .releasing)
    }

    private func restoreRegistry() throws(HostDaemonError) {
        do {
            let restored = try database.restore()
            host.registry.restore(restored.records, budgetLimit: scheduler.settings.budgetLimit)
            for problem in restored.problems { onEvent(.restoreProblem(problem)) }
            try database.saveSettings(scheduler.settings)
            try database.recordDaemonStart(pid: getpid(), at: scheduler.clock.now)
            onEvent(.started(restored: restored.records.count))
        } catch {
            throw .registry(error)
        }
    }

    /// A rebuilt bundle's kinds are reloaded at once, outside the budget (the author is
    /// iterating); its worker notices the new file at that call and restarts with the new code.
    /// A removed one's are not: a call could only fail, and each failure would be logged again
    /// at every retry; they keep their last entries until the file is back.
    private func watchBundleFiles() -> BundleFileWatcher? {
        let widgets = host.bundles.catalog.widgets
        let paths = Set(widgets.map(\.bundlePath))
        return BundleFileWatcher(paths: Array(paths)) { [host, onEvent] path in
            let kinds = widgets.filter { $0.bundlePath == path }.map(\.kind)
            guard FileManager.default.fileExists(atPath: path) else {
                onEvent(.bundleRemoved(path: path, kinds: kinds))
                return
            }
            onEvent(.bundleChanged(path: path, kinds: kinds))
            host.registry.recordReloadRequest(kinds: kinds, at: host.clock.now, forced: true)
        }
    }

    /// Tells apps and the CLI which bundle declares which group and kind, for their warnings.
    private func recordCatalog() {
        do {
            try host.recordCatalog()
        } catch {
            onEvent(.storeFailed(error))
        }
    }

    /// Brings the registry in line with the instances users added; a removed one's saved row
    /// goes too. A call under way for a removed instance finds no record and stores nothing.
    private func syncInstances() {
        let sync: InstanceSync
        do {
            sync = try host.syncInstances()
        } catch {
            onEvent(.storeFailed(error))
            return
        }
        do {
            try database.forget(sync.removed)
        } catch {
            onEvent(.persistenceFailed(error))
        }
        if sync.changedAnything || (!sync.unavailable.isEmpty && !reportedUnavailable.exchange(true, ordering: .relaxed)) {
            onEvent(.instancesChanged(sync))
        }
    }

    private func collectPendingRequests() -> [ReloadRequest] {
        do {
            return try host.reloadRequests.collect()
        } catch {
            onEvent(.storeFailed(error))
            return []
        }
    }

    /// Requests already marked in the registry: saved there first, then acknowledged in the
    /// shared store, so that a kill between the two repeats a request rather than losing it.
    private func take(_ requests: [ReloadRequest]) {
        guard !requests.isEmpty else { return }
        // Adding, changing or removing an instance also records a request for its kind.
        syncInstances()
        onEvent(.requestsReceived(requests))
        let everything = requests.contains { $0.scope == .allKinds }
        var kinds: Set<String> = []
        var widgets: Set<TimelineKey> = []
        for request in requests {
            switch request.scope {
            case .kind(let kind): kinds.insert(kind)
            case .widget(let kind, let family, let instance): widgets.insert(TimelineKey(kind: kind, family: family, instance: instance))
            case .allKinds: break
            }
        }
        scheduler.save(Set(host.registry.allRecords.map(\.key).filter { everything || kinds.contains($0.kind) || widgets.contains($0) }))
        do {
            try host.reloadRequests.acknowledge(requests)
        } catch {
            onEvent(.storeFailed(error))
        }
        wakeup.poke()
    }
}
