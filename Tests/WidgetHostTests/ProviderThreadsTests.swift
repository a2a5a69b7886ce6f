import Dispatch
import Foundation
import Synchronization
import Testing
@testable import WidgetHostCore

/// The threads in-process providers run on.
@Suite("Provider threads")
struct ProviderThreadsTests {
    @Test("Calls held for good do not keep the next call waiting for a thread")
    func heldThreadsDoNotDelayTheNext() async throws {
        let threads = ProviderThreads()
        let release = DispatchSemaphore(value: 0)
        let held = 40
        let started = Atomic<Int>(0)
        for _ in 0..<held {
            threads.run {
                started.add(1, ordering: .relaxed)
                release.wait()
            }
        }
        let ran = Atomic<Bool>(false)
        threads.run { ran.store(true, ordering: .relaxed) }
        // Generous for a loaded machine; Dispatch's pool took over 10 s here once.
        let done = try await poll(within: .seconds(5)) { ran.load(ordering: .relaxed) }
        #expect(done, "the call after \(held) held ones did not run")
        #expect(try await poll(within: .seconds(5)) { started.load(ordering: .relaxed) == held })
        for _ in 0..<held { release.signal() }
    }

    @Test("A thread that finished is used again for the next call")
    func idleThreadsAreReused() async throws {
        let threads = ProviderThreads()
        let names = Mutex<Set<String>>([])
        for _ in 0..<20 {
            let finished = Atomic<Bool>(false)
            threads.run {
                names.withLock { _ = $0.insert("\(Unmanaged.passUnretained(Thread.current).toOpaque())") }
                finished.store(true, ordering: .relaxed)
            }
            #expect(try await poll(within: .seconds(5)) { finished.load(ordering: .relaxed) })
            // Let the thread go back to idle before the next call.
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(names.withLock { $0.count } < 20, "every call had a new thread")
    }
}
