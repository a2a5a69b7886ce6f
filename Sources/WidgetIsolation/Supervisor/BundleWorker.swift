import Foundation
import Synchronization
import WidgetHostCore
import WidgetPayload

/// One bundle file served by its own worker process, as the host sees it: starts the worker and
/// reads its scan, sends it calls, and when it crashes, exits, hangs or breaks the protocol,
/// fails the calls under way with a typed `WorkerFailure` and restarts it, no sooner than its
/// backoff allows. A bundle whose file changed on disk gets a fresh worker with the new code.
public final class BundleWorker: Sendable {
    public let path: String
    /// How to start the worker; its sandbox is `state.policy`'s, when `settings.sandboxed`.
    let configuration: WorkerConfiguration
    let settings: WorkerSettings
    let events: WorkerEvents
    let planner: WorkerSandboxPlanner
    let state: Mutex<WorkerState>
    /// The host's clock: the restart backoff and the idle release wait on it, so a test
    /// advances a virtual clock past them instead of sleeping through them.
    let clock: any HostClock
    /// When the host will next call this bundle's kinds: the idle release asks it.
    let plannedCalls: PlannedCalls
    /// Where the worker's defaults requests are answered, one at a time and off the reader
    /// thread. A serial queue, not a global one: those start libdispatch's pool monitor, which
    /// wakes the host every second for the rest of its life.
    let defaultsAnswering = DispatchQueue(label: "widgethost.defaults-answers")
    /// The calls under way at once, fewer than the worker's threads (`CallsInFlight` says why).
    let callsInFlight = CallsInFlight()

    /// - Parameter declared: what the bundle declared at its last scan, if known (from the
    ///   cache): its first worker then starts with the sandbox it needs.
    init(
        configuration: WorkerConfiguration, settings: WorkerSettings, events: WorkerEvents, planner: WorkerSandboxPlanner,
        clock: any HostClock = SystemClock(), plannedCalls: PlannedCalls = PlannedCalls(), declared: ScannedBundle? = nil
    ) {
        self.clock = clock
        self.plannedCalls = plannedCalls
        path = configuration.bundlePath
        self.configuration = configuration
        self.settings = settings
        self.events = events
        self.planner = planner
        var initial = WorkerState(policy: planner.policy(forBundleAt: configuration.bundlePath, declaring: declared))
        initial.kinds = declared?.widgets.map(\.kind) ?? []
        state = Mutex(initial)
    }

    /// The sandbox the worker runs under (or would, once started), for people.
    var sandbox: BundleSandbox { planner.description(of: state.withLock { $0.policy }) }

    /// Starts the worker and waits for its scan. Blocks (up to the scan timeout, twice when the
    /// bundle declares App Groups or network needs that its worker was not started with: the
    /// sandbox cannot be widened once in place, so a second worker starts with the right one).
    /// - Parameter forCall: the start is for a call about to be sent, whose answer arms the idle
    ///   check; a start for a scan arms it at once, so that a worker never called is let go too.
    func start(forCall: Bool = false) -> Result<WorkerScanReport, WorkerFailure> {
        let first = startProcess(forCall: forCall)
        guard case .success(let report) = first, report.status == .loaded else { return first }
        let declared = planner.policy(forBundleAt: path, declaring: report.bundle)
        let changed = state.withLock { state in
            defer { state.policy = declared }
            return state.policy != declared
        }
        // Unsandboxed, the first worker already reaches everything it declared.
        guard changed, settings.sandboxed else { return first }
        waitUntilStopped(letGo())
        return startProcess(forCall: forCall)
    }

    private func startProcess(forCall: Bool) -> Result<WorkerScanReport, WorkerFailure> {
        let stamp = FileStamp(path: path)
        let policy = state.withLock { $0.policy }
        planner.prepare(policy)
        let process: WorkerProcess
        do {
            process = try WorkerProcess.start(
                executable: settings.executable,
                configuration: configuration.launching(
                    sandbox: settings.sandboxed ? policy : nil, resourceFolder: planner.resourceFolder(forBundleAt: path)?.path),
                launcher: settings.launcher)
        } catch {
            recordFailure(error)
            return .failure(error)
        }
        let startup = WorkerStartup()
        let generation = state.withLock { state in
            state.generation += 1
            state.process = process
            state.lastProcessID = process.pid
            state.startup = startup
            state.fileStamp = stamp
            state.prestartedAwaitingHello = process.wasPrestarted ? state.generation : nil
            return state.generation
        }
        let reader = WorkerReader(worker: self, process: process, generation: generation)
        do {
            try settings.listener.listen(to: reader)
        } catch {
            // Nobody would read it: end it, and reap it on a thread of its own.
            kill(generation: generation, because: error)
            Thread.detachNewThread { reader.finish() }
            return .failure(error)
        }
        guard let result = startup.wait(timeout: settings.scanTimeout) else {
            let failure = WorkerFailure.timedOut(seconds: settings.scanTimeout)
            kill(generation: generation, because: failure)
            return .failure(failure)
        }
        if process.wasPrestarted, case .failure(WorkerStartup.prestartedWorkerGone) = result {
            // Not the bundle's failure: the prestarted process is spent, so this starts one anew.
            return startProcess(forCall: forCall)
        }
        if case .success = result, !forCall { noteStarted(generation: generation) }
        return result
    }

    /// Calls a provider in the worker. Never throws: a worker that fails is the outcome.
    func perform(_ call: ProviderCall, kind: String, context: CallContext) async -> TransportOutcome {
        await request(timeout: configuration.limits.timeout(for: call)) { id in
            .call(WorkerCallRequest(id: id, call: call, kind: kind, context: context))
        }
    }

    /// Asks the worker for an entity parameter's options, as `perform` calls a provider.
    func entityOptions(kind: String, parameter: String) async -> TransportOutcome {
        await request(timeout: configuration.limits.entityOptionsTimeout) { id in
            .entityOptions(WorkerEntityOptionsRequest(id: id, kind: kind, parameter: parameter))
        }
    }

    /// Asks the worker's bundle for particular entities of an entity parameter's query (ABI
    /// 1.7), as `entityOptions`, under the entity options' time limit.
    func entityQuery(kind: String, request query: EntityQueryRequest) async -> TransportOutcome {
        await request(timeout: configuration.limits.entityOptionsTimeout) { id in
            .entityQuery(WorkerEntityQueryRequest(id: id, kind: kind, query: query))
        }
    }

    /// Asks the worker for a kind's previews, as `perform` calls a provider.
    func previews(kind: String, context: CallContext) async -> TransportOutcome {
        await request(timeout: configuration.limits.timelineTimeout) { id in
            .previews(WorkerPreviewsRequest(id: id, kind: kind, context: context))
        }
    }

    /// Asks the worker to perform one of its bundle's intents, as `perform` calls a provider. A
    /// perform that times out recycles the worker, as a provider's does.
    func performIntent(kind: String, intent: String, parameters: [String: JSONValue]) async -> TransportOutcome {
        await request(timeout: configuration.limits.performTimeout) { id in
            .perform(WorkerPerformRequest(id: id, kind: kind, intent: intent, parameters: parameters))
        }
    }

    /// Sends the message `message` makes for the request's id, and waits for its result.
    /// - Parameter timeout: how long the worker waits for the bundle; it reports a timeout
    ///   itself, and is killed as hung only past this plus grace.
    private func request(timeout: Double, _ message: (UInt64) -> HostMessage) async -> TransportOutcome {
        // Its turn first, before its deadline is armed: the time waiting here is the host's, not the worker's.
        await callsInFlight.enter()
        defer { callsInFlight.leave() }
        // Twice at most: a worker let go for idleness between the check that it runs and the
        // send is started again once.
        for attempt in 1...2 {
            if let unavailable = await ensureRunning() { return .failed(unavailable) }
            if let outcome = await send(timeout: timeout, message, retryable: attempt == 1) { return outcome }
        }
        return .failed(lastFailure() ?? .spawnFailed("no worker"))
    }

    /// Sends one request to the running worker and waits for its result; nil, when `retryable`,
    /// if no worker was running by the time it came to send.
    private func send(timeout: Double, _ message: (UInt64) -> HostMessage, retryable: Bool) async -> TransportOutcome? {
        var hangDeadline: DeadlineSweeper.Ticket?
        var unsent = false
        let outcome = await withCheckedContinuation { continuation in
            let sent = state.withLock { state -> (WorkerProcess, UInt64, Int)? in
                guard let process = state.process else { return nil }
                state.nextCallID += 1
                state.pending[state.nextCallID] = PendingCall(timeout: timeout, generation: state.generation, continuation: continuation)
                state.idleSince = nil
                return (process, state.nextCallID, state.generation)
            }
            guard let (process, id, generation) = sent else {
                unsent = true
                continuation.resume(returning: .failed(lastFailure() ?? .spawnFailed("no worker")))
                return
            }
            // The worker reports a provider's timeout itself; past it, plus grace, the worker hangs.
            // Armed before the send, so that nothing is left to do here once the worker is woken.
            let deadline = timeout + settings.grace
            hangDeadline = DeadlineSweeper.shared.schedule(after: .seconds(deadline)) { [self] in
                let stillPending = state.withLock { $0.pending[id] != nil }
                // Killing waits for nothing, so it may run on the sweeper's thread.
                if stillPending { kill(generation: generation, because: .timedOut(seconds: deadline)) }
            }
            do {
                try process.channel.send(message(id))
            } catch {
                // The reader sees the channel end too, and fails every pending call, this one included.
                kill(generation: generation, because: .protocolError("cannot send a call: \(error)"))
            }
        }
        if let hangDeadline { DeadlineSweeper.shared.cancel(hangDeadline) }
        return unsent && retryable ? nil : outcome
    }

    /// Asks the worker to exit and stops waiting for it; a later call starts a new one.
    public func stop() {
        letGo()
    }

    /// Asks the running worker to exit and lets go of it at once, as `recycle` and the idle
    /// release do: a call made while it exits starts a fresh worker instead of being sent down
    /// a channel already hung up (which failed as a protocol error). Its end is expected, not a
    /// failure. Returns what it let go, for `waitUntilStopped`.
    @discardableResult
    private func letGo() -> (process: WorkerProcess, generation: Int)? {
        let stopped = state.withLock { state -> (process: WorkerProcess, generation: Int)? in
            guard let process = state.process else { return nil }
            state.stopping.insert(state.generation)
            state.process = nil
            return (process, state.generation)
        }
        guard let stopped else { return nil }
        try? stopped.process.channel.send(HostMessage.shutdown)
        stopped.process.channel.hangUp()
        return stopped
    }

    /// Nil when a worker is running (started now if needed); otherwise why none can be.
    /// Calls that find the worker down all wait for the one restart, so a burst of calls never
    /// starts two workers (the second would replace the first and leave it running unowned).
    private func ensureRunning() async -> WorkerFailure? {
        let stamp = FileStamp(path: path)
        let restart = state.withLock { state -> Task<WorkerFailure?, Never>? in
            if state.process != nil && state.fileStamp == stamp { return nil }
            if let restarting = state.restarting { return restarting }
            let task = Task { await self.restart() }
            state.restarting = task
            return task
        }
        guard let restart else { return nil }
        let failure = await restart.value
        state.withLock { state in
            if state.restarting == restart { state.restarting = nil }
        }
        return failure
    }

    private func restart() async -> WorkerFailure? {
        // Outside the lock: a stat may wait on the file system, and the listener's thread, which
        // reads every worker, takes this lock for each message.
        let stamp = FileStamp(path: path)
        let (running, changed, notBefore, last) = state.withLock { state in
            (state.process != nil, state.fileStamp != stamp, state.restartNotBefore, state.lastFailure)
        }
        if running && !changed { return nil }
        if running && changed {
            events.restarted(path, "the bundle file changed on disk; starting a worker with the new code")
            waitUntilStopped(letGo())
        } else if let notBefore, notBefore > clock.now, !changed {
            // The backoff keeps a crashing bundle from being started in a loop; a file rewritten
            // since is new code (an author rebuilt it, maybe while the last worker was loading
            // the half-written file), started at once.
            return .restarting(until: notBefore, after: last?.description ?? "an earlier failure")
        }
        let result = await withCheckedContinuation { continuation in
            // A thread of its own: `start()` blocks until the worker's scan arrives, and the
            // global queue runs about one such block per core, so a thousand workers falling
            // due together started two at a time (BENCHMARKS.md, "Speed II").
            Thread.detachNewThread { continuation.resume(returning: self.start(forCall: true)) }
        }
        switch result {
        case .failure(let failure): return failure
        case .success(let report) where report.status != .loaded:
            return .protocolError("the restarted worker could not load the bundle: \(report.error?.description ?? report.status.rawValue)")
        case .success: return nil
        }
    }

    /// Waits until the worker `letGo` stopped has ended (its reader saw the end and reaped it),
    /// killing it if it has not within the grace period.
    private func waitUntilStopped(_ stopped: (process: WorkerProcess, generation: Int)?) {
        guard let stopped else { return }
        let ending = { self.state.withLock { $0.stopping.contains(stopped.generation) } }
        let deadline = Date().addingTimeInterval(settings.grace)
        while ending() && Date() < deadline { usleep(1_000) }
        if ending() { stopped.process.kill() }
        while ending() { usleep(1_000) }
    }

    package func lastFailure() -> WorkerFailure? { state.withLock { $0.lastFailure } }

    /// Kills the worker of `generation` (not a newer one), blaming `failure`. It is let go at
    /// once, so the next call starts a fresh worker instead of reaching the dying one; the calls
    /// still waiting on it fail when its end is reaped.
    func kill(generation: Int, because failure: WorkerFailure) {
        let process = state.withLock { state -> WorkerProcess? in
            guard state.generation == generation, let process = state.process else { return nil }
            state.blame[generation] = state.blame[generation] ?? failure
            state.process = nil
            return process
        }
        process?.kill()
    }

    /// Lets the worker of `generation` go without counting it against the restart backoff: it
    /// served, but one of its providers overran. Calls still waiting on it fail with `failure`.
    func recycle(generation: Int, because failure: WorkerFailure) {
        let process = state.withLock { state -> WorkerProcess? in
            guard state.generation == generation, let process = state.process else { return nil }
            state.stopping.insert(generation)
            state.blame[generation] = failure
            state.process = nil
            return process
        }
        process?.kill()
    }

    func recordFailure(_ failure: WorkerFailure) {
        state.withLock { state in
            state.consecutiveFailures += 1
            state.lastFailure = failure
            state.restartNotBefore = clock.now.addingTimeInterval(settings.restartBackoff.delay(afterFailures: state.consecutiveFailures))
        }
    }
}

extension BundleWorker: Hashable {
    // Identity: two workers are the same only if they are one object.
    public static func == (lhs: BundleWorker, rhs: BundleWorker) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The worker is one transport to a bundle's providers (the other is the host's own process).
extension BundleWorker: ProviderTransport {
    // The host that made the worker bound its limits and violation sink into it at the scan.
    package func perform(
        _ call: ProviderCall, kind: String, context: CallContext, environment: CallEnvironment
    ) async -> TransportOutcome {
        await perform(call, kind: kind, context: context)
    }

    package func entityOptions(kind: String, parameter: String, environment: CallEnvironment) async -> TransportOutcome {
        await entityOptions(kind: kind, parameter: parameter)
    }

    package func entityQuery(kind: String, request: EntityQueryRequest, environment: CallEnvironment) async -> TransportOutcome {
        await entityQuery(kind: kind, request: request)
    }

    package func previews(kind: String, context: CallContext, environment: CallEnvironment) async -> TransportOutcome {
        await previews(kind: kind, context: context)
    }

    package func performIntent(
        kind: String, intent: String, parameters: [String: JSONValue], environment: CallEnvironment
    ) async -> TransportOutcome {
        await performIntent(kind: kind, intent: intent, parameters: parameters)
    }
}
