import Dispatch
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import WidgetHostCore

/// The threads in-process providers run on.
@Suite("Provider threads")
struct ProviderThreadsTests {
    @Test("Calls held for good do not keep the next call waiting for a thread")
    func heldThreadsDoNotDelayTheNext() async throws {
        let threads = ProviderThreads()
        let release = DispatchSemaphore(value: 0)
        let held = 40
        let ran = EventLog<String>()
        for _ in 0..<held {
            threads.run {
                ran.append("held")
                release.wait()
            }
        }
        threads.run { ran.append("next") }
        // The held calls are released only after this: a pool of fewer than 41 threads never
        // runs the next call, and the hang guard fails the test.
        try await ran.wait(for: "the call after \(held) held ones") { $0.contains("next") }
        try await ran.wait(for: "all \(held) held calls to start") { $0.filter { $0 == "held" }.count == held }
        for _ in 0..<held { release.signal() }
    }

    @Test("A provider thread is named so that per-thread figures (top -H, /proc) can tell it")
    func threadsAreNamed() async throws {
        let threads = ProviderThreads()
        let names = EventLog<String>()
        threads.run {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            names.append(name.trimmingCharacters(in: .newlines))
        }
        // A name set before `start()`, or longer than 15 bytes, left the creator's name here.
        try await names.wait(for: "the call to report its thread's name") { $0 == ["wh.provider"] }
    }

    @Test("A thread that finished is used again for the next call")
    func idleThreadsAreReused() async throws {
        // Idle threads kept for good: a test held up past the usual 10 s (a loaded machine) must
        // still find its thread idle, not ended.
        let threads = ProviderThreads(idleLifetime: .seconds(86_400))
        let names = EventLog<String>()
        for call in 1...20 {
            threads.run { names.append("\(Unmanaged.passUnretained(Thread.current).toOpaque())") }
            try await names.wait(for: "call \(call) to run") { $0.count == call }
            // The thread goes back to idle just after the call returns; the next call must find it there.
            try await waitUntil("call \(call)'s thread to be idle again") { threads.idleCount == 1 }
        }
        #expect(Set(names.all).count == 1, "every call found the one idle thread")
    }
}
