import Foundation
import Synchronization
import WidgetHostCore

/// The thread the daemon's loop runs on: announcing entries, claiming reloads, waiting.
///
/// Not the cooperative pool (two threads on a 2-core machine): blocking work there (the
/// scheduler's SQLite saves, anything else in the process) held the loop's wake-ups back, and
/// entries were announced 150 to 200 ms late while other work ran. The calls the loop starts
/// still run on the pool; only the loop itself, which is quick at each step, runs here. One thread
/// for the process, started on first use: a process runs one daemon.
final class DaemonExecutor: TaskExecutor, Sendable {
    static let shared = DaemonExecutor()

    private struct State {
        var jobs: [UnownedJob] = []
        var threadStarted = false
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
            let thread = Thread { [self] in run() }
            thread.name = "widgethost.daemon"
            thread.start()
        } else {
            signal.lock()
            signal.signal()
            signal.unlock()
        }
    }

    private func run() {
        while true {
            // Under the condition's lock from finding no job to waiting, so that an `enqueue`
            // in between cannot signal before the wait begins.
            signal.lock()
            let jobs = state.withLock { state in
                defer { state.jobs.removeAll(keepingCapacity: true) }
                return state.jobs
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
