import Foundation
import Synchronization
import WidgetHostCore

/// Threads of the daemon's own that run its tasks: the loop's (announcing entries, claiming
/// reloads, waiting), one thread; and the calls the loop starts, a few.
///
/// Not the cooperative pool (two threads on a 2-core machine): blocking work there (the
/// scheduler's SQLite saves, anything else in the process) held the loop's wake-ups back, and
/// entries were announced 150 to 200 ms late while other work ran. Nor libdispatch's
/// `globalConcurrentExecutor` for the calls: once it has run a job, libdispatch's monitor of its
/// pool wakes the process every second for the rest of its life, and an idle daemon must sleep
/// (BENCHMARKS.md, "The home screen's goals"). Here an idle thread waits on a condition with no
/// timeout. Each daemon has its own; a thread starts with a job no running thread is free for,
/// up to `width`, and all end once `finish()` is called and no job is left (a job enqueued later
/// starts one again).
final class DaemonExecutor: TaskExecutor, Sendable {
    private struct State {
        var jobs: [UnownedJob] = []
        var threads = 0
        var idleThreads = 0
        var finished = false
    }

    /// The threads' name, at most 15 bytes (the kernel's limit).
    private let name: String
    private let width: Int
    private let state = Mutex(State())
    /// Wakes an idle thread when a job arrives: `Mutex` cannot be waited on.
    private let signal = NSCondition()

    init(name: String, width: Int = 1) {
        self.name = name
        self.width = max(width, 1)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        signal.lock()
        let mustStart = state.withLock { state -> Bool in
            state.jobs.append(job)
            state.finished = false
            guard state.idleThreads == 0, state.threads < width else { return false }
            state.threads += 1
            return true
        }
        if mustStart {
            let name = self.name
            let thread = Thread { [self] in
                // Named from the thread itself (`ThreadName` says why).
                ThreadName.setCurrent(name)
                run()
            }
            thread.start()
        } else {
            signal.signal()
        }
        signal.unlock()
    }

    /// Lets the threads end once they have run every job (the daemon's loop has returned).
    func finish() {
        signal.lock()
        state.withLock { $0.finished = true }
        signal.broadcast()
        signal.unlock()
    }

    private func run() {
        while true {
            // Under the condition's lock from finding no job to waiting, so that an `enqueue`
            // in between cannot signal before the wait begins.
            signal.lock()
            enum Next { case run(UnownedJob), wait, end }
            let next = state.withLock { state -> Next in
                if !state.jobs.isEmpty { return .run(state.jobs.removeFirst()) }
                guard state.finished else {
                    state.idleThreads += 1
                    return .wait
                }
                // Ending under the lock: a job enqueued after this starts a new thread.
                state.threads -= 1
                return .end
            }
            switch next {
            case .run(let job):
                signal.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
            case .wait:
                signal.wait()
                state.withLock { $0.idleThreads -= 1 }
                signal.unlock()
            case .end:
                signal.unlock()
                return
            }
        }
    }
}
