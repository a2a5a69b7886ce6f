import Dispatch
import Foundation
import Synchronization

/// The threads in-process providers run on: an idle one if there is one, else a new one, at once.
///
/// Providers may block for good (a hang holds its thread forever, as nothing can stop a C
/// function). On Dispatch's global queues the held threads count against the pool, which grows
/// past them only slowly: a test run with a few hung providers once made a later call wait over
/// 10 s for a thread. Here a call never waits for a thread; an idle thread ends after a while.
package final class ProviderThreads: Sendable {
    package static let shared = ProviderThreads()

    /// How long a thread waits for another call before it ends.
    private let idleLifetime: DispatchTimeInterval

    /// - Parameter idleLifetime: how long an idle thread waits for another call before it ends
    ///   (a test that looks at idle threads keeps them for as long as it needs).
    package init(idleLifetime: DispatchTimeInterval = .seconds(10)) {
        self.idleLifetime = idleLifetime
    }

    /// One thread's mailbox: the call handed to it, and the signal that one is there.
    private final class Runner: Sendable {
        let handedOver = DispatchSemaphore(value: 0)
        let job = Mutex<(@Sendable () -> Void)?>(nil)
    }

    private let idle = Mutex<[Runner]>([])

    /// How many threads wait for a call: a test waits for a finished call's thread to be back.
    package var idleCount: Int { idle.withLock { $0.count } }

    /// Runs `job` on a thread of its own: one that may block forever.
    package func run(_ job: @escaping @Sendable () -> Void) {
        if let runner = idle.withLock({ $0.popLast() }) {
            runner.job.withLock { $0 = job }
            runner.handedOver.signal()
            return
        }
        let runner = Runner()
        runner.job.withLock { $0 = job }
        let thread = Thread { [self] in
            // Named from the thread itself (`ThreadName` says why).
            ThreadName.setCurrent("wh.provider")
            serve(runner)
        }
        thread.start()
    }

    private func serve(_ runner: Runner) {
        while true {
            if let job = runner.job.withLock({ job in defer { job = nil }; return job }) { job() }
            idle.withLock { $0.append(runner) }
            if runner.handedOver.wait(timeout: .now() + idleLifetime) == .success { continue }
            // Timed out: end, unless a call took this runner meanwhile (it signals: serve it).
            let stillIdle = idle.withLock { runners -> Bool in
                guard let index = runners.firstIndex(where: { $0 === runner }) else { return false }
                runners.remove(at: index)
                return true
            }
            if stillIdle { return }
            runner.handedOver.wait()
        }
    }
}
