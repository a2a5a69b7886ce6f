import Synchronization

/// How many calls one worker has under way at once: at most `limit`; the others wait here, in
/// the host, in the order they came, before their deadline is armed.
///
/// Why: a worker runs each call on a thread of its own once it waits (`WorkerCallThreads`, at
/// most `maximumThreads` of them), and a call that reads the App Group waits for the host's
/// answer on its thread. With every thread waiting for an answer, none is left to read the
/// answers: the worker stops, and every call fails as a hang. The API fuzz found it: a forced
/// reload of 75 Counter instances at once, each reading its count, and the worker was killed
/// 12 s later. Below the worker's threads, that cannot happen.
final class CallsInFlight: Sendable {
    /// Half the worker's call threads: the others stay free to read, and for calls that hang.
    static let perWorker = WorkerCallThreads.maximumThreads / 2

    private struct State {
        var available: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(limit: Int = CallsInFlight.perWorker) {
        state = Mutex(State(available: max(limit, 1)))
    }

    /// Returns once this call may be sent; `leave()` must follow, once its outcome is in.
    func enter() async {
        if state.withLock({ state in
            guard state.available > 0 else { return false }
            state.available -= 1
            return true
        }) { return }
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state -> Bool in
                guard state.available > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.available -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// The call's outcome is in: the next waiting call goes, or the place is free.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.available += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
