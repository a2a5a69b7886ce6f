import Foundation
import Synchronization
import WidgetHostCore

/// The thread the daemon's loop runs on: announcing entries, claiming reloads, waiting.
///
/// Not the cooperative pool (two threads on a 2-core machine): blocking work there (the
/// scheduler's SQLite saves, anything else in the process) held the loop's wake-ups back, and
/// entries were announced 150 to 200 ms late while other work ran. The calls the loop starts
/// still run on the pool; only the loop itself, which is quick at each step, runs here. Each
/// daemon has its own, whose thread starts with the first job and ends once `finish()` is called
/// and no job is left (a job enqueued later starts it again).
final class DaemonExecutor: TaskExecutor, Sendable {
    private struct State {
        var jobs: [UnownedJob] = []
        var threadStarted = false
        var finished = false
    }

    private let state = Mutex(State())
    /// Wakes the thread when a job arrives: `Mutex` cannot be waited on.
    private let signal = NSCondition()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let mustStart = state.withLock { state -> Bool in
            state.jobs.append(job)
            defer { state.threadStarted = true }
            return !state.threadStarted
        }
        if mustStart {
            let thread = Thread { [self] in
                // Named from the thread itself, in at most 15 bytes (see `DeadlineSweeper`).
                Thread.current.name = "wh.daemon"
                run()
            }
            thread.start()
        } else {
            signal.lock()
            signal.signal()
            signal.unlock()
        }
    }

    /// Lets the thread end once it has run every job (the daemon's loop has returned).
    func finish() {
        state.withLock { $0.finished = true }
        signal.lock()
        signal.signal()
        signal.unlock()
    }

    private func run() {
        while true {
            // Under the condition's lock from finding no job to waiting, so that an `enqueue`
            // in between cannot signal before the wait begins.
            signal.lock()
            let (jobs, ending) = state.withLock { state in
                defer { state.jobs.removeAll(keepingCapacity: true) }
                // Ending under the state's lock: a job enqueued after this starts a new thread.
                let ending = state.jobs.isEmpty && state.finished
                if ending { state.threadStarted = false }
                return (state.jobs, ending)
            }
            if ending {
                signal.unlock()
                return
            }
            if jobs.isEmpty {
                signal.wait()
                signal.unlock()
                continue
            }
            signal.unlock()
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
