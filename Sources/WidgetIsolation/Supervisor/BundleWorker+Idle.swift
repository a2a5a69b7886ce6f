import Foundation
import WidgetHostCore

/// Idle workers are let go (`WorkerSettings.idleTimeout`), as WidgetKit lets an extension
/// process go when it has nothing to do: a daemon with a thousand bundles then holds only the
/// workers it is using. The next call starts the worker again (`ensureRunning`), which costs a
/// worker start (BENCHMARKS.md). A worker let go this way has not failed: its end is expected
/// and counts against no backoff.
///
/// A worker whose next planned call (`PlannedCalls`, the scheduler's plan for its kinds) falls
/// within one idle timeout of the check stays: letting it go would cost a stop and a start
/// moments apart, and holding it costs at most one more idle timeout of its memory.
extension BundleWorker {
    /// Notes that the worker has nothing pending, if so; true when the caller must schedule the
    /// idle check (at most one is scheduled per worker). Called under the state's lock.
    func noteIdle(_ state: inout WorkerState) -> Bool {
        guard settings.idleTimeout != nil, state.process != nil, state.pending.isEmpty else { return false }
        state.idleSince = clock.now
        guard state.idleCheckGeneration != state.generation else { return false }
        state.idleCheckGeneration = state.generation
        return true
    }

    /// Checks the worker of `generation` once the idle timeout has passed since now.
    func scheduleIdleCheck(generation: Int, after delay: TimeInterval? = nil) {
        guard let timeout = settings.idleTimeout else { return }
        clock.schedule(after: delay ?? timeout) { [self] in
            releaseIfIdle(generation: generation)
        }
    }

    /// Lets the worker of `generation` go if it has had nothing pending for the whole idle
    /// timeout; checks again later if a call came and went meanwhile. A worker busy at the
    /// check is checked again after its next answer.
    private func releaseIfIdle(generation: Int) {
        guard let timeout = settings.idleTimeout else { return }
        // Asked outside the state's lock: the planner takes locks of its own.
        let nextCall = plannedCalls.nextCall(forKinds: state.withLock { $0.kinds })
        enum Decision { case release(WorkerProcess, String?), checkAgain(after: TimeInterval), leave }
        let decision = state.withLock { state -> Decision in
            // A check of an older process (restarted meanwhile) leaves the new one to its own.
            guard state.generation == generation else { return .leave }
            guard let process = state.process, state.pending.isEmpty, let since = state.idleSince else {
                state.idleCheckGeneration = nil
                return .leave
            }
            let idle = clock.now.timeIntervalSince(since)
            if idle < timeout { return .checkAgain(after: timeout - idle) }
            if let nextCall, nextCall.timeIntervalSince(clock.now) < timeout {
                state.idleKeeps += 1
                return .checkAgain(after: timeout)
            }
            state.idleCheckGeneration = nil
            state.idleSince = nil
            state.idleReleases += 1
            // Let go at once, as after `recycle`: the next call starts a fresh worker instead of
            // reaching this one while it exits. Its end is expected, not a failure.
            state.stopping.insert(generation)
            state.process = nil
            return .release(process, state.bundleName)
        }
        switch decision {
        case .release(let process, let bundle):
            events.releasedIdle(path, bundle: bundle, after: timeout)
            try? process.channel.send(HostMessage.shutdown)
            process.channel.hangUp()
        case .checkAgain(let delay):
            scheduleIdleCheck(generation: generation, after: delay)
        case .leave:
            break
        }
    }

    /// Arms the idle check of a worker that has just started and scanned: one that is never
    /// called is let go too.
    func noteStarted(generation: Int) {
        let arm = state.withLock { state in state.generation == generation && noteIdle(&state) }
        if arm { scheduleIdleCheck(generation: generation) }
    }

    /// How many times this bundle's worker has been let go for idleness.
    package var idleReleaseCount: Int { state.withLock { $0.idleReleases } }

    /// How many idle checks kept this bundle's worker for a call planned within its idle window.
    package var idleKeepCount: Int { state.withLock { $0.idleKeeps } }

    /// Whether any call sent to the worker awaits its answer.
    package var hasPendingCalls: Bool { state.withLock { !$0.pending.isEmpty } }

    /// The process id of the latest worker started, still running or not.
    package var lastProcessID: Int32? { state.withLock { $0.lastProcessID } }

    /// The running worker's process id; nil while none runs.
    package var runningProcessID: Int32? { state.withLock { $0.process?.pid } }
}
