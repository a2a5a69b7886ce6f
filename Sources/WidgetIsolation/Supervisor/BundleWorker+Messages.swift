import Foundation
import WidgetHostCore
import WidgetPayload

extension BundleWorker {
    /// One message from the worker of `generation`, on its reader thread.
    func received(_ message: WorkerMessage, body: [UInt8], generation: Int) {
        switch message {
        case .hello(let version, _, let sandbox):
            state.withLock { state in
                if state.prestartedAwaitingHello == generation { state.prestartedAwaitingHello = nil }
            }
            if version != WorkerProtocol.version {
                kill(generation: generation, because: .protocolError(
                    WorkerProtocolError.versionMismatch(worker: version, host: WorkerProtocol.version).description))
            }
            if let sandbox, sandbox.state == .unavailable { events.sandboxUnavailable(sandbox.note ?? "no Landlock") }
        case .scanned(let report):
            let startup = state.withLock { state in
                state.bundleName = report.bundle?.name
                if let widgets = report.bundle?.widgets { state.kinds = widgets.map(\.kind) }
                state.declaredGroups = (report.bundle?.appGroups ?? []).compactMap { try? AppGroupID(validating: $0) }
                return state.startup
            }
            startup?.deliver(.success(report))
        case .result(let result):
            answer(result, body: body, generation: generation)
        case .log(let level, let message):
            let name = state.withLock { $0.bundleName } ?? path
            events.services.bundleLogged(BundleLogLine(bundle: name, path: path, level: level, message: message))
        case .reloadRequested(let kinds):
            events.services.reloadRequested(kinds: kinds, bundle: state.withLock { $0.bundleName } ?? path, path: path)
        case .violation(let kind, let family, let violation):
            events.violation(kind, family, violation)
        case .intentViolation(let violation):
            events.intentViolation(violation)
        case .defaults(let id, let group, let request):
            answerDefaults(request, in: group, id: id, generation: generation)
        }
    }

    private func answer(_ result: WorkerCallResult, body: [UInt8], generation: Int) {
        let (waiting, armIdleCheck) = state.withLock { state -> (PendingCall?, Bool) in
            guard let pending = state.pending[result.id], pending.generation == generation else { return (nil, false) }
            state.pending[result.id] = nil
            if result.outcome != .timedOut { state.consecutiveFailures = 0 }
            return (pending, noteIdle(&state))
        }
        if armIdleCheck { scheduleIdleCheck(generation: generation) }
        guard let waiting else {
            kill(generation: generation, because: .protocolError(WorkerProtocolError.unknownCall(id: result.id).description))
            return
        }
        let outcome: RequestOutcome = switch result.outcome {
        case .completed: .completed(body)
        case .payloadTooLarge(let bytes): .payloadTooLarge(bytes: bytes)
        case .timedOut: .timedOut
        case .returnedWithoutCompleting: .returnedWithoutCompleting
        }
        // A provider that overran its timeout may still hold a thread in the worker, forever:
        // recycle the worker rather than let such threads pile up. Before the caller hears of
        // it, so its next call goes to a fresh worker.
        if result.outcome == .timedOut {
            recycle(generation: generation, because: .timedOut(seconds: waiting.timeout))
        }
        waiting.continuation.resume(returning: .finished(outcome, .nanoseconds(result.nanoseconds)))
    }

    /// The process of `generation` has ended and been reaped: fail the calls sent to it, and
    /// count the failure unless the host asked it to stop.
    func ended(generation: Int, exit: WorkerFailure) {
        let (pending, startup, failure, expected, name) = state.withLock { state in
            let blamed = state.blame.removeValue(forKey: generation)
            let diedUnconfigured = state.prestartedAwaitingHello == generation
            if diedUnconfigured { state.prestartedAwaitingHello = nil }
            let failure = diedUnconfigured ? WorkerStartup.prestartedWorkerGone : blamed ?? exit
            let expected = state.stopping.remove(generation) != nil || diedUnconfigured
            let ids = state.pending.filter { $0.value.generation == generation }.map(\.key)
            let pending = ids.compactMap { state.pending.removeValue(forKey: $0) }
            var startup: WorkerStartup?
            if state.generation == generation {
                state.process = nil
                startup = state.startup
                state.startup = nil
            }
            return (pending, startup, failure, expected, state.bundleName)
        }
        if !expected {
            recordFailure(failure)
            events.ended(path, bundle: name, failure: failure)
        }
        for call in pending { call.continuation.resume(returning: .failed(failure)) }
        startup?.deliver(.failure(failure))
    }
}
