import Foundation
import Testing
import TestSupport
@testable import WidgetHostCore
@testable import WidgetIsolation

/// The worker's threads that take turns reading the channel and running the calls they read
/// (`WorkerCallThreads`), through a real `widgethost-worker`.
@Suite("Worker call threads")
struct WorkerCallThreadsTests {
    private func start(_ bundle: String, timeout: Double) async throws -> SpawnedWorker {
        let worker = try SpawnedWorker(configuration: WorkerConfiguration(
            bundlePath: try await FixtureBundles.bundle(bundle).path, limits: CallLimits(timeout: timeout),
            sandbox: nil, resourceLimits: .defaults))
        while true {
            if case .scanned(let report) = try worker.nextMessage().message {
                #expect(report.status == .loaded)
                return worker
            }
        }
    }

    private func call(_ kind: String, _ call: ProviderCall, id: UInt64) -> HostMessage {
        .call(WorkerCallRequest(id: id, call: call, kind: kind, context: CallContext(family: .systemSmall)))
    }

    /// The next `count` results, by call id; other messages are skipped, a second result for
    /// one call is an issue.
    private func results(_ count: Int, from worker: SpawnedWorker) throws -> [UInt64: WorkerCallResult] {
        var results: [UInt64: WorkerCallResult] = [:]
        for _ in 0..<count {
            while true {
                guard case .result(let result) = try worker.nextMessage().message else { continue }
                #expect(results[result.id] == nil, "call \(result.id) answered twice")
                results[result.id] = result
                break
            }
        }
        return results
    }

    @Test("More providers hang than the worker keeps idle threads: it still reads, answers, times them out and shuts down")
    func hungProvidersNeverStopTheReading() async throws {
        let worker = try await start("hangs", timeout: 1)
        let hung = UInt64(WorkerCallThreads.idleThreadsKept + 4)
        for id in 1...hung { try worker.send(call("Hangs", .timeline, id: id)) }
        try worker.send(call("Hangs", .placeholder, id: hung + 1))
        let results = try self.results(Int(hung) + 1, from: worker)
        #expect(results[hung + 1]?.outcome == .completed)
        for id in 1...hung { #expect(results[id]?.outcome == .timedOut, "call \(id)") }
        try worker.send(.shutdown)
        #expect(worker.waitForExit(timeout: 5) == .exited(WorkerExitStatus.finished.rawValue))
    }

    @Test("Calls one after another, and a burst at once, are each answered exactly once")
    func everyCallAnsweredOnce() async throws {
        let worker = try await start("abi_1_0", timeout: 10)
        for id in UInt64(1)...200 {
            try worker.send(call("ABIOneZero", .timeline, id: id))
            let result = try results(1, from: worker)
            #expect(result[id]?.outcome == .completed, "call \(id)")
        }
        for id in UInt64(201)...264 { try worker.send(call("ABIOneZero", .snapshot, id: id)) }
        let burst = try results(64, from: worker)
        #expect(burst.keys.sorted() == Array(201...264))
        #expect(burst.values.allSatisfy { $0.outcome == .completed })
        try worker.send(.shutdown)
        #expect(worker.waitForExit(timeout: 5) == .exited(WorkerExitStatus.finished.rawValue))
        // A second answer to any call would have been sent before the worker read the shutdown.
        #expect((try? worker.nextMessage(timeout: 1)) == nil)
    }
}
