#if canImport(Glibc)
import Glibc
#endif
import WidgetPayload
import WidgetHostCore

/// Answers the host's calls to one loaded bundle, concurrently, until the host says `shutdown`
/// or hangs up.
struct WorkerCallServer: Sendable {
    /// The providers, by kind.
    let providers: [String: ProviderEntryPoints]
    let driver: ProviderDriver
    let channel: WorkerChannel
    /// Where the host's answers to the bundle's defaults calls go.
    let services: WorkerServicesDelegate

    init(bundle: LoadedBundle, limits: CallLimits, channel: WorkerChannel, services: WorkerServicesDelegate) {
        var providers: [String: ProviderEntryPoints] = [:]
        for widget in bundle.widgets {
            // The loader hands out in-process providers: this process is the one it loaded into.
            // Kinds are unique: it refuses a bundle that declares one twice.
            guard let transport = widget.provider as? InProcessTransport else { continue }
            providers[widget.kind] = transport.entryPoints
        }
        self.providers = providers
        driver = ProviderDriver(limits: limits)
        self.channel = channel
        self.services = services
    }

    /// Reads the host's messages, starting on the calling thread (not the main one, which runs
    /// the main run loop), and never returns: the worker exits when the conversation ends. Calls under way then are
    /// abandoned; the host stopped waiting for them when it asked the worker to go.
    func serve() -> Never {
        guard let timer = OverrunTimer() else {
            WorkerExit.fail(.systemError, "cannot create the timer that watches calls for overruns: \(String(cString: strerror(errno)))")
        }
        let threads = WorkerCallThreads(channel: channel, timer: timer) { frame in
            switch WorkerServer.decode(frame) {
            case .call(let request):
                return prepare(request)
            case .entityOptions(let request):
                return prepare(request)
            case .perform(let request):
                return prepare(request)
            case .previews(let request):
                return prepare(request)
            case .entityQuery(let request):
                return prepare(request)
            case .defaultsAnswer(let id, let reply):
                services.received(reply, for: id)
                return nil
            case .shutdown:
                WorkerExit.exit(.finished)
            }
        }
        services.beforeWaitingForHost { threads.threadWillWaitForHost() }
        threads.serve()
    }

    /// Registers one call, to run on the thread `WorkerCallThreads` picks, and sends its result
    /// when it ends.
    ///
    /// The result frame is written on the thread that ended the call (usually the one the
    /// provider completed on; the deadline sweeper's for a timeout): no task or continuation
    /// between the completion and the frame, each of which would cost a thread wake-up. The
    /// channel serialises writes from any thread, and a write blocks only while the host is not
    /// reading, when nothing this worker sends is heard anyway.
    ///
    /// A call for a kind the bundle does not declare is the host's bug, not the bundle's: the
    /// host learnt the kinds from `scanned`. It is not answered (there is no outcome that means
    /// "no such kind", and inventing one would hide the bug); a line on standard error says why,
    /// and the host's own wait for the call ends it.
    private func prepare(_ request: WorkerCallRequest) -> ProviderDriver.PreparedCall? {
        guard let provider = providers[request.kind] else {
            WorkerExit.complain("call \(request.id) is for kind '\(request.kind)', which this bundle does not declare; not answered")
            return nil
        }
        let channel = self.channel
        return driver.prepare(
            request.call, on: provider, context: request.context,
            onViolation: { violation in
                WorkerServer.send(
                    .violation(kind: request.kind, family: request.family, violation: violation), on: channel)
            },
            onFinish: { outcome, duration in
                let (result, payload) = WorkerCallResult.make(id: request.id, outcome: outcome, duration: duration)
                WorkerServer.send(.result(result), body: payload, on: channel)
            })
    }

    /// Registers one perform, as `prepare` a call: answered by a `result`, its wrong completions
    /// sent as `intentViolation`, and not answered at all for a kind the bundle does not declare.
    private func prepare(_ request: WorkerPerformRequest) -> ProviderDriver.PreparedCall? {
        guard let provider = providers[request.kind] else {
            WorkerExit.complain(
                "perform request \(request.id) is for kind '\(request.kind)', which this bundle does not declare; not answered")
            return nil
        }
        let channel = self.channel
        return driver.preparePerform(
            kind: request.kind, intent: request.intent, parameters: request.parameters, on: provider,
            onViolation: { violation in WorkerServer.send(.intentViolation(violation), on: channel) },
            onFinish: { outcome, duration in
                let (result, payload) = WorkerCallResult.make(id: request.id, outcome: outcome, duration: duration)
                WorkerServer.send(.result(result), body: payload, on: channel)
            })
    }

    /// Registers one entity options request, as `prepare` a call: run on the thread
    /// `WorkerCallThreads` picks, answered by a `result`, and not answered at all for a kind the
    /// bundle does not declare.
    private func prepare(_ request: WorkerEntityOptionsRequest) -> ProviderDriver.PreparedCall? {
        prepareAnswered(id: request.id, kind: request.kind, what: "entity options request") { provider, onFinish in
            driver.prepareEntityOptions(parameter: request.parameter, on: provider, onFinish: onFinish)
        }
    }

    /// Registers one entity query request (ABI 1.7), as an entity options request. A bundle
    /// without `entity_query` is answered for here, where its struct is read (`ProviderDriver`).
    private func prepare(_ request: WorkerEntityQueryRequest) -> ProviderDriver.PreparedCall? {
        prepareAnswered(id: request.id, kind: request.kind, what: "entity query request") { provider, onFinish in
            driver.prepareEntityQuery(request.query, on: provider, onFinish: onFinish)
        }
    }

    /// Registers a request for one of the bundle's kinds, answered by a `result` when it ends;
    /// not answered at all for a kind the bundle does not declare.
    private func prepareAnswered(
        id: UInt64, kind: String, what: String,
        _ prepare: (ProviderEntryPoints, @escaping ProviderDriver.Completion) -> ProviderDriver.PreparedCall
    ) -> ProviderDriver.PreparedCall? {
        guard let provider = providers[kind] else {
            WorkerExit.complain("\(what) \(id) is for kind '\(kind)', which this bundle does not declare; not answered")
            return nil
        }
        let channel = self.channel
        return prepare(provider) { outcome, duration in
            let (result, payload) = WorkerCallResult.make(id: id, outcome: outcome, duration: duration)
            WorkerServer.send(.result(result), body: payload, on: channel)
        }
    }
}

extension WorkerCallServer {
    /// Registers one previews request, as an entity options request.
    private func prepare(_ request: WorkerPreviewsRequest) -> ProviderDriver.PreparedCall? {
        prepareAnswered(id: request.id, kind: request.kind, what: "previews request") { provider, onFinish in
            driver.preparePreviews(context: request.context, on: provider, onFinish: onFinish)
        }
    }
}

extension WorkerCallResult {
    /// The message for a call that ended with `outcome`, and the frame body: the payload when
    /// the provider completed, else nothing.
    static func make(id: UInt64, outcome: RequestOutcome, duration: Duration) -> (WorkerCallResult, [UInt8]) {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow
            ? Int64.max
            : seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        switch outcome {
        case .completed(let payload):
            return (WorkerCallResult(id: id, outcome: .completed, nanoseconds: nanoseconds), payload)
        case .payloadTooLarge(let bytes):
            return (WorkerCallResult(id: id, outcome: .payloadTooLarge(bytes: bytes), nanoseconds: nanoseconds), [])
        case .timedOut:
            return (WorkerCallResult(id: id, outcome: .timedOut, nanoseconds: nanoseconds), [])
        case .returnedWithoutCompleting:
            return (WorkerCallResult(id: id, outcome: .returnedWithoutCompleting, nanoseconds: nanoseconds), [])
        }
    }
}
